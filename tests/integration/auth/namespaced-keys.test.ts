import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { handler as deleteKey } from '../../../functions/platform/delete-namespaced-key';
import { authenticate } from '../../../shared/auth/authorize';
import { DynamoKeyStore } from '../../../shared/auth/dynamo-store';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';

const create = (key: string | undefined, namespace?: string) =>
  invoke(createKey, { method: 'POST', path: '/namespaced-apikeys', query: { key, namespace }, rawBody: '{}' });
const remove = (key: string, namespace: string, keyToDelete: string) =>
  invoke(deleteKey, { method: 'DELETE', path: '/namespaced-apikeys', query: { key, namespace, key_to_delete: keyToDelete } });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const canUse = (key: string) =>
  authenticate(new DynamoKeyStore(), { key, service: 'geofence', region: 'local', now: Date.now() / 1000 }).then(
    (p) => p,
    (e: { status: number }) => e.status,
  );

describe('namespaced keys', () => {
  let root: string;
  beforeAll(async () => {
    process.env.WAYMARK_KEY_DELAY_SECONDS = '1';
    root = (await newOrgKey()).key;
  });

  it('creates a key with the documented result shape', async () => {
    const res = await create(root, 'fleet-a');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(200);
    const r = res.body.result;
    expect(r.namespace).toBe('fleet-a');
    expect(r.apikey).toMatch(/^wm_[0-9a-f]{40}$/);
    expect(r.apikey).not.toBe(root);
    expect(Number.isInteger(r.sub_id)).toBe(true);
    expect(Math.abs(r.created_at - Date.now() / 1000)).toBeLessThan(30);
    expect(r.expired_at).toBe(r.expires_at);
  });

  it('numbers the keys of an organisation', async () => {
    const a = await create(root, 'fleet-b');
    const b = await create(root, 'fleet-b');
    expect(b.body.result.sub_id).toBe(a.body.result.sub_id + 1);
  });

  it('a new key works only after the activation delay, in its namespace', async () => {
    const { body } = await create(root, 'fleet-c');
    expect(await canUse(body.result.apikey)).toBe(401);
    await sleep(1100);
    const principal = await canUse(body.result.apikey);
    expect(principal).toMatchObject({ namespace: 'fleet-c', isRoot: false });
  });

  it('a deleted key stops working after the delay, not before', async () => {
    process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
    const { body } = await create(root, 'fleet-d');
    const apikey = body.result.apikey as string;
    process.env.WAYMARK_KEY_DELAY_SECONDS = '2';
    const res = await remove(root, 'fleet-d', apikey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, msg: 'OK' });
    expect(await canUse(apikey)).toMatchObject({ namespace: 'fleet-d' });
    await sleep(2100);
    expect(await canUse(apikey)).toBe(401);
    process.env.WAYMARK_KEY_DELAY_SECONDS = '1';
  });

  it('a namespaced key can neither create nor delete keys', async () => {
    process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
    const { body } = await create(root, 'fleet-e');
    const child = body.result.apikey as string;
    const other = (await create(root, 'fleet-e')).body.result.apikey as string;
    process.env.WAYMARK_KEY_DELAY_SECONDS = '1';
    expect((await create(child, 'fleet-e')).status).toBe(403);
    expect((await remove(child, 'fleet-e', other)).status).toBe(403);
  });

  it('refuses to delete a key of another organisation or namespace as not found', async () => {
    const other = (await newOrgKey()).key;
    const { body } = await create(other, 'theirs');
    expect((await remove(root, 'theirs', body.result.apikey)).status).toBe(404);
    const mine = (await create(root, 'ns-1')).body.result.apikey;
    const wrongNs = await remove(root, 'ns-2', mine);
    expect(wrongNs.status).toBe(404);
    expect(wrongNs.body.message).toMatch(/namespace/);
  });

  it('names the missing or malformed parameter', async () => {
    const missing = await create(root);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'query.namespace' });
    const bad = await create(root, 'no spaces allowed');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^query\.namespace: may contain only/);
    expect((await remove(root, 'x', '')).status).toBe(400);
  });

  it('answers 401 without a key or with a wrong one', async () => {
    expect((await create(undefined, 'x')).status).toBe(401);
    const wrong = await create('wm_0000000000000000000000000000000000000000', 'x');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: 401, field: 'key' });
    expect(typeof wrong.body.request_id).toBe('string');
  });
});
