import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { LocalConnectionSender, signedHeaders, type ConnectionSender } from '../../../shared/live/sender';

// The fan-out signs its management API calls itself; the AWS SDK's own signer (installed with
// the DynamoDB client) must produce the same Authorization header for the same request.

const bytes = (d: ArrayBuffer | ArrayBufferView | string) =>
  typeof d === 'string' ? d : d instanceof ArrayBuffer ? new Uint8Array(d) : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

class Sha256 {
  private readonly h;
  constructor(secret?: ArrayBuffer | ArrayBufferView | string) {
    this.h = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: ArrayBuffer | ArrayBufferView | string) {
    this.h.update(bytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.h.digest()));
  }
}

describe('signedHeaders', () => {
  it.each([
    [
      'with a session token',
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'tok/en+=' },
    ],
    ['without one', { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }],
  ])('signs a post to a connection as the AWS SDK does, %s', async (_name, credentials) => {
    const url = new URL('https://abc123.execute-api.eu-west-1.amazonaws.com/prod/%40connections/L0SM9cOFvHcCIhw%3D');
    const body = JSON.stringify({ type: 'location', id: 'a:1' });
    const when = new Date('2026-11-29T04:30:00Z');
    const ours = signedHeaders('POST', url, body, 'eu-west-1', credentials, when);
    const signer = new SignatureV4({ credentials, region: 'eu-west-1', service: 'execute-api', sha256: Sha256 });
    const signed = await signer.sign(
      { method: 'POST', protocol: 'https:', hostname: url.hostname, path: url.pathname, headers: { host: url.host }, body, query: {} },
      { signingDate: when },
    );
    const theirs = Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const signature = (h: string) => /Signature=([0-9a-f]{64})/.exec(h)?.[1];
    expect(signature(ours.authorization)).toBe(signature(theirs.authorization));
    expect(ours['x-amz-date']).toBe(theirs['x-amz-date']);
  });
});

describe('LocalConnectionSender', () => {
  const KEY = Symbol.for('waymark.localConnections');
  const global = globalThis as Record<symbol, unknown>;
  const fallback = (): ConnectionSender & { posted: string[] } => {
    const posted: string[] = [];
    return { posted, post: async (id, data) => (posted.push(`${id}:${data}`), 'ok') };
  };

  it('posts over HTTP until the web socket server in this process is known', async () => {
    delete global[KEY];
    const http = fallback();
    expect(await new LocalConnectionSender(http).post('c1', 'm')).toBe('ok');
    expect(http.posted).toEqual(['c1:m']);
  });

  it("hands messages to the server's clients, and says gone for a connection it does not have", async () => {
    const sent: string[] = [];
    global[KEY] = { send: (id: string, payload: string) => id === 'open' && sent.push(payload) > 0 };
    try {
      const http = fallback();
      const sender = new LocalConnectionSender(http);
      expect(await sender.post('open', 'a')).toBe('ok');
      expect(await sender.post('open', 'b')).toBe('ok');
      expect(await sender.post('closed', 'c')).toBe('gone');
      expect(sent).toEqual(['a', 'b']);
      expect(http.posted).toEqual([]);
    } finally {
      delete global[KEY];
    }
  });
});
