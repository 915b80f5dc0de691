import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedPost, MAX_RESPONSE_BYTES, SendError } from '../../../shared/webhooks/send';
import type { Resolve } from '../../../shared/webhooks/target';

// The webhook POST against a real receiver on 127.0.0.1: with private targets refused, no
// spelling of this machine's address reaches it; allowed, it does; the connection goes to the
// address that was checked; and an endless answer is cut short.

let server: Server;
let port: number;
const received: { host?: string; path?: string }[] = [];
/** What the receiver does with a request whose path is the key. */
const behaviours: Record<string, (req: IncomingMessage, res: import('node:http').ServerResponse) => void> = {
  '/endless': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    const pump = () => {
      while (!res.destroyed && sent < 1024 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    res.on('close', () => (endlessSent = sent));
    pump();
  },
};
let endlessSent = -1;

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push({ host: req.headers.host, path: req.url });
    req.resume();
    const special = behaviours[req.url ?? ''];
    if (special) return special(req, res);
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const request = { headers: { 'content-type': 'application/json' }, body: '{"event":"test"}', timeoutMs: 5000 };
const noLookup: Resolve = async () => {
  throw new Error('no lookup expected');
};

describe('guarded webhook POST', () => {
  const spellings = [
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    'localhost',
    'localhost.',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '0.0.0.0',
    '169.254.169.254',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.0.1',
    '100.64.0.1',
    '[fc00::1]',
    '[fe80::1]',
  ];

  it('with private targets refused, no spelling of a private address is even connected to', async () => {
    const post = guardedPost({ allowPrivate: () => false, resolve: noLookup });
    for (const host of spellings) {
      const error = await post(`http://${host}:${port}/hook`, request).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, host).toBeInstanceOf(SendError);
      expect((error as SendError).failure, host).toBe('refused');
    }
    expect(received).toEqual([]);
  });

  it('refuses a name resolving to loopback, resolving it once (no second lookup to rebind)', async () => {
    let lookups = 0;
    const rebinding: Resolve = async () =>
      lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.216.34', family: 4 }];
    const post = guardedPost({ allowPrivate: () => false, resolve: rebinding });
    await expect(post(`http://hooks.test:${port}/hook`, request)).rejects.toMatchObject({ failure: 'refused' });
    expect(lookups).toBe(1);
    expect(received).toEqual([]);
  });

  it('connects to the very address it resolved and checked, sending the name as Host', async () => {
    const resolve: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const post = guardedPost({ allowPrivate: () => true, resolve });
    expect(await post(`http://hooks.test:${port}/named`, request)).toEqual({ status: 204 });
    expect(received.at(-1)).toEqual({ host: `hooks.test:${port}`, path: '/named' });
  });

  it('reads the setting on every send', async () => {
    let allow = true;
    const post = guardedPost({ allowPrivate: () => allow, resolve: noLookup });
    expect(await post(`http://127.0.0.1:${port}/flip`, request)).toEqual({ status: 204 });
    allow = false;
    await expect(post(`http://127.0.0.1:${port}/flip`, request)).rejects.toMatchObject({ failure: 'refused' });
    expect(received.filter((r) => r.path === '/flip')).toHaveLength(1);
  });

  it('never follows a redirect', async () => {
    behaviours['/moved'] = (_req, res) => void res.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end();
    const post = guardedPost({ allowPrivate: () => true });
    expect(await post(`http://127.0.0.1:${port}/moved`, request)).toEqual({ status: 302 });
    expect(received.some((r) => r.path === '/target')).toBe(false);
  });

  it('reads only the first few KB of an answer, then closes the connection', async () => {
    const post = guardedPost({ allowPrivate: () => true });
    expect(await post(`http://127.0.0.1:${port}/endless`, { ...request, timeoutMs: 30_000 })).toEqual({ status: 200 });
    for (let i = 0; i < 100 && endlessSent < 0; i++) await new Promise((r) => setTimeout(r, 20));
    // Socket buffers on both sides hold some megabytes at most; the receiver would send 1 GB.
    expect(endlessSent).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(endlessSent).toBeLessThan(64 * 1024 * 1024);
  });

  it('reports a silent receiver as a timeout and a closed port as a network failure, detail kept for the log', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as AddressInfo).port;
    const post = guardedPost({ allowPrivate: () => true });
    await expect(post(`http://127.0.0.1:${silentPort}/`, { ...request, timeoutMs: 200 })).rejects.toMatchObject({ failure: 'timeout' });
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
    const closed = await post(`http://127.0.0.1:${silentPort}/`, request).catch((e: SendError) => e);
    expect(closed).toMatchObject({ failure: 'network', message: 'network' });
    expect((closed as SendError).detail).toMatch(/ECONNREFUSED/);
  });
});
