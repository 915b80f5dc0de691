import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { nonPublicKind, v6Bytes } from '../../../shared/webhooks/address';
import { guardedLookup, RefusedTargetError, webhookTargetProblem, type Resolve } from '../../../shared/webhooks/target';
import { webhookUrlProblem } from '../../../shared/webhooks/url';

// Which targets a webhook may reach when private targets are not allowed (the deployed default).

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe('address kinds', () => {
  const cases: [string, string | null][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', null],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['100.128.0.1', null],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['93.184.216.34', null],
    ['8.8.8.8', null],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2606:4700::1111', null],
    ['::ffff:93.184.216.34', null],
  ];
  for (const [address, kind] of cases) it(`${address} -> ${kind ?? 'public'}`, () => expect(nonPublicKind(address)).toBe(kind));

  it('expands IPv6 with and without an IPv4 tail', () => {
    expect(v6Bytes('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 127, 0, 0, 1]);
    expect(v6Bytes('fe80::1')).toEqual([0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(v6Bytes('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
  });
});

describe('webhook URLs judged without a lookup', () => {
  const refused = [
    'http://127.0.0.1:8080/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://localhost/',
    'http://localhost./',
    'http://LOCALHOST:9000/',
    'http://api.localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.0.1/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'https://[ff02::1]/',
  ];
  for (const url of refused) {
    it(`${url} is refused unless private targets are allowed`, () => {
      expect(webhookUrlProblem(url, [], false)).toMatch(
        /^must not point at a [A-Za-z() -]+ address \(.+\); webhooks reach public addresses only$/,
      );
      expect(webhookUrlProblem(url, [], true)).toBeNull();
    });
  }

  it('reads the setting at call time', () => {
    const before = process.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE;
    try {
      process.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE = '1';
      expect(webhookUrlProblem('http://127.0.0.1/', [])).toBeNull();
      process.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE = '0';
      expect(webhookUrlProblem('http://127.0.0.1/', [])).toMatch(/loopback/);
      delete process.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE;
      expect(webhookUrlProblem('http://127.0.0.1/', [])).toMatch(/loopback/);
    } finally {
      if (before === undefined) delete process.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE;
      else process.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE = before;
    }
  });

  it('public literals pass', () => {
    expect(webhookUrlProblem('https://93.184.216.34/x', [], false)).toBeNull();
    expect(webhookUrlProblem('https://[2606:4700::1111]/x', [], false)).toBeNull();
  });
});

describe('webhook hosts judged by every address they resolve to', () => {
  const resolving =
    (table: Record<string, LookupAddress[]>): Resolve =>
    async (host) => {
      if (!table[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return table[host];
    };
  const resolve = resolving({
    'public.example': [v4('93.184.216.34'), v6('2606:2800:220:1::1')],
    'mixed.example': [v4('93.184.216.34'), v4('10.0.0.7')],
    'metadata.example': [v4('169.254.169.254')],
    'mapped.example': [v6('::ffff:127.0.0.1')],
    'ula.example': [v6('fd00::5')],
  });

  it('refuses a name when any of its addresses is not public', async () => {
    expect(await webhookTargetProblem('https://public.example/h', [], { allowPrivate: false, resolve })).toBeNull();
    expect(await webhookTargetProblem('https://mixed.example/h', [], { allowPrivate: false, resolve })).toMatch(
      /private address \(10\.0\.0\.7\)/,
    );
    expect(await webhookTargetProblem('https://metadata.example/h', [], { allowPrivate: false, resolve })).toMatch(/link-local/);
    expect(await webhookTargetProblem('https://mapped.example/h', [], { allowPrivate: false, resolve })).toMatch(/loopback/);
    expect(await webhookTargetProblem('https://ula.example/h', [], { allowPrivate: false, resolve })).toMatch(/unique-local/);
  });

  it('accepts a name that does not resolve yet (every send checks again), and anything when allowed', async () => {
    expect(await webhookTargetProblem('https://nowhere.example/h', [], { allowPrivate: false, resolve })).toBeNull();
    expect(await webhookTargetProblem('https://mixed.example/h', [], { allowPrivate: true, resolve })).toBeNull();
    expect(await webhookTargetProblem('ftp://public.example/h', [], { allowPrivate: true, resolve })).toBe('must be an http or https URL');
  });

  it('the send-time lookup resolves once and hands the socket exactly what it checked', async () => {
    let calls = 0;
    const counting: Resolve = async (host) => (calls++, resolve(host));
    const lookup = guardedLookup(false, counting);
    const run = (host: string, all: boolean) =>
      new Promise<{ error: Error | null; address: unknown; family?: number }>((done) =>
        lookup(host, { all }, (error, address, family) => done({ error, address, family })),
      );
    expect(await run('public.example', true)).toEqual({
      error: null,
      address: [v4('93.184.216.34'), v6('2606:2800:220:1::1')],
      family: undefined,
    });
    expect(await run('public.example', false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(calls).toBe(2);
    const mixed = await run('mixed.example', true);
    expect(mixed.error).toBeInstanceOf(RefusedTargetError);
    expect((await run('localhost', true)).error).toBeInstanceOf(RefusedTargetError);
    expect(calls).toBe(3); // localhost is refused by name, without a lookup
  });
});
