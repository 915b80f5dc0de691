import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from './api';

const P = { lat: 48.8566, lon: 2.3522 };

async function seed(api: TrackingApi, id: string, name: string) {
  expect((await api.create({ custom_id: id, name })).status).toBe(200);
  await api.bind(id, 'dev');
  await api.track(id, { device_id: 'dev', locations: [{ location: P, timestamp: Date.now() - 1000 }] });
}

describe('tracking namespace isolation', () => {
  let root: TrackingApi;
  let ns: TrackingApi;
  let other: TrackingApi;
  beforeAll(async () => {
    const rootKey = (await newOrgKey()).key;
    process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
    const res = await invoke(createKey, {
      method: 'POST',
      path: '/namespaced-apikeys',
      query: { key: rootKey, namespace: 'fleet-x' },
      rawBody: '{}',
    });
    process.env.WAYMARK_KEY_DELAY_SECONDS = '1';
    expect(res.status).toBe(200);
    root = trackingApi(rootKey);
    ns = trackingApi(res.body.result.apikey);
    other = trackingApi((await newOrgKey()).key);
    await seed(root, 'shared-id', 'root');
  });

  it('a namespace and another organisation see none of the root space', async () => {
    for (const api of [ns, other]) {
      expect((await api.get('shared-id')).status).toBe(404);
      expect((await api.list()).body.data.list).toEqual([]);
      expect((await api.around({ center: `${P.lat},${P.lon}`, radius: '100' })).body.data.assets).toEqual([]);
      expect((await api.track('shared-id', { device_id: 'dev', locations: [{ location: P, timestamp: Date.now() }] })).status).toBe(404);
      expect((await api.locations('shared-id')).status).toBe(404);
      expect((await api.remove('shared-id')).status).toBe(404);
    }
  });

  it('the same id lives independently in each space', async () => {
    await seed(ns, 'shared-id', 'namespaced');
    await seed(other, 'shared-id', 'other org');
    expect((await root.get('shared-id')).body.data.asset.name).toBe('root');
    expect((await ns.get('shared-id')).body.data.asset.name).toBe('namespaced');
    const seen = await root.around({ center: `${P.lat},${P.lon}`, radius: '100' });
    expect(seen.body.data.assets.map((a: { name: string }) => a.name)).toEqual(['root']);
    expect((await ns.remove('shared-id')).status).toBe(200);
    expect((await root.get('shared-id')).status).toBe(200);
    expect((await root.locations('shared-id')).body.data.page.total).toBe(1);
  });
});
