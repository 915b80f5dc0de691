import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoot } from '../../../infra/local/build-dir';
import { readStackFile } from '../../../infra/local/stack-file';
import { isLoopback, listeningAddresses } from '../support/listeners';
import { treeMemory } from '../support/process-tree';
import { bootStack, runCli, type BootedStack } from '../support/stack';

// The user's path: `npm start`, then plain HTTP against the printed base URL.

describe('npm start', () => {
  let stack: BootedStack;
  const url = (path: string, query: Record<string, string> = {}) => `${stack.baseUrl}${path}?${new URLSearchParams(query).toString()}`;

  beforeAll(async () => {
    stack = await bootStack({ WAYMARK_KEY_DELAY_SECONDS: '3' });
  }, 180_000);

  afterAll(async () => {
    if (stack) await stack.stop();
  }, 60_000);

  it('prints the base URL and a working key on lines of their own', () => {
    expect(stack.baseUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(stack.apiKey).toMatch(/^wm_[0-9a-f]{40}$/);
  });

  it('answers 401 without a key and a JSON 404 for an unknown path', async () => {
    const noKey = await fetch(url('/namespaced-apikeys', { namespace: 'x' }), { method: 'POST' });
    expect(noKey.status).toBe(401);
    expect((await noKey.json()) as object).toMatchObject({ status: 401, field: 'key' });
    const unknown = await fetch(url('/no/such/thing'));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect((await unknown.json()) as object).toMatchObject({ status: 404 });
  });

  it('serves its OpenAPI document without a key', async () => {
    const res = await fetch(url('/openapi.json'));
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/geofence', '/optimization/v2', '/multigeocode/search', '/tracking/asset']),
    );
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const malformed = await fetch(url('/namespaced-apikeys', { key: stack.apiKey, namespace: 'x' }), {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { field: string }).field).toBe('body');
    const huge = await fetch(url('/namespaced-apikeys', { key: stack.apiKey, namespace: 'x' }), {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(6 * 1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
  });

  it('reads a gzip-encoded JSON body as a client sends it (application/json, Content-Encoding: gzip)', async () => {
    const post = (body: unknown) =>
      fetch(url('/optimization/v2', { key: stack.apiKey }), {
        method: 'POST',
        body: gzipSync(JSON.stringify(body)),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      });
    const accepted = await post({
      locations: { location: ['57.70,11.97', '57.71,11.98'] },
      vehicles: [{ id: 'v', start_index: 0 }],
      jobs: [{ id: 'j', location_index: 1 }],
      options: { objective: { solving_time_limit: 1 } },
    });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { id: string }).id).toEqual(expect.any(String));
    // Inflated and validated, not refused as mangled gzip data.
    const invalid = await post({ vehicles: [] });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { field: string }).field).toBe('locations');
  });

  it("answers a body over serverless-offline's own limit with the JSON error body", async () => {
    const res = await fetch(url('/geofence', { key: stack.apiKey }), {
      method: 'POST',
      body: 'x'.repeat(11 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { status: number; message: string; field: string; request_id: string };
    expect(body).toMatchObject({ status: 413, field: 'body', message: 'body: larger than the limit of 6291456 bytes' });
    expect(res.headers.get('x-request-id')).toBe(body.request_id);
  });

  it('prints what it listens on, and every port is bound to the loopback address only', () => {
    const ports = [...stack.output().matchAll(/^ {2}\S.*?\s127\.0\.0\.1:(\d+) \(loopback only\)$/gm)].map((m) => Number(m[1]));
    expect(ports).toContain(Number(new URL(stack.baseUrl).port));
    expect(ports.length).toBe(4); // API, Lambda invoke endpoint, DynamoDB Local, SQS
    for (const port of ports) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, `port ${port}`).toBeGreaterThan(0);
      for (const address of addresses) expect(isLoopback(address), `port ${port} bound to ${address}`).toBe(true);
    }
  });

  it('runs its handlers from its own build folder, with no esbuild process kept under the API', () => {
    const launcher = readStackFile(stack.dataDir)!.pid;
    expect(existsSync(resolve(buildRoot(resolve(import.meta.dirname, '../../..')), String(launcher), 'functions/geofence/get.mjs'))).toBe(
      true,
    );
    const api = treeMemory(launcher).processes.find((p) => p.command.includes('serverless.js'))!;
    expect(api).toBeDefined();
    expect(treeMemory(api.pid).processes.filter((p) => /esbuild/.test(p.command))).toEqual([]);
  });

  it('counts one quota across different functions (one rate limiter for the whole process)', async () => {
    const out = await runCli(stack, ['keys', '--', 'create', '--org', 'shared-quota', '--quota', 'geofence=1000/3']);
    const key = /^API key: (\S+)$/m.exec(out)![1];
    // The per-minute window must not roll over in the middle.
    const toNextMinute = 60_000 - (Date.now() % 60_000);
    if (toNextMinute < 10_000) await new Promise((r) => setTimeout(r, toNextMinute + 200));
    const statuses: number[] = [];
    for (const path of ['/geofence/list', '/geofence/list', '/geofence/nope', '/geofence/nope', '/geofence/list', '/geofence/nope'])
      statuses.push((await fetch(url(path, { key }))).status);
    expect(statuses).toEqual([200, 200, 404, 429, 429, 429]);
  }, 30_000);

  it('issues a namespaced key that works after the configured delay', async () => {
    const created = await fetch(url('/skynet/namespaced-apikeys', { key: stack.apiKey, namespace: 'e2e' }), {
      method: 'POST',
      body: '{}',
    });
    expect(created.status).toBe(200);
    const { result } = (await created.json()) as { result: { apikey: string } };
    const tooEarly = await fetch(url('/namespaced-apikeys', { key: result.apikey, namespace: 'e2e' }), { method: 'POST' });
    expect(tooEarly.status).toBe(401);
    await new Promise((r) => setTimeout(r, 3200));
    // Active now: it is refused for managing keys (403), no longer as unknown (401).
    const later = await fetch(url('/namespaced-apikeys', { key: result.apikey, namespace: 'e2e' }), { method: 'POST' });
    expect(later.status).toBe(403);
  });

  it('answers 429 with Retry-After past the limit', async () => {
    const out = await runCli(stack, ['keys', '--', 'create', '--org', 'limited', '--quota', 'keys=1000/3']);
    const key = /^API key: (\S+)$/m.exec(out)![1];
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(url('/namespaced-apikeys', { key, namespace: 'n' }), { method: 'POST' });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    // A minute boundary may fall inside the loop and reset the window once.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('lists keys through the operator CLI against the running stack', async () => {
    const out = await runCli(stack, ['keys', '--', 'list', '--org', 'local']);
    expect(out).toMatch(/\(root\)/);
    expect(out).toMatch(/e2e/);
  });

  it('stops every child on SIGTERM: API, DynamoDB Local and SQS ports are freed', async () => {
    const running = readStackFile(stack.dataDir)!;
    const urls = [`${stack.baseUrl}/health`, running.dynamodb, running.sqs];
    for (const u of urls) expect((await fetch(u, { method: 'POST' }).catch(() => 'down')) === 'down').toBe(false);
    await stack.stop();
    const down = async (u: string) => {
      for (let i = 0; i < 50; i++) {
        if ((await fetch(u, { method: 'POST' }).catch(() => 'down')) === 'down') return true;
        await new Promise((r) => setTimeout(r, 200));
      }
      return false;
    };
    for (const u of urls) expect(await down(u)).toBe(true);
    expect(existsSync(resolve(buildRoot(resolve(import.meta.dirname, '../../..')), String(running.pid)))).toBe(false);
  }, 60_000);
});
