import { beforeAll, describe, expect, it } from 'vitest';
import { handler as osmand } from '../../../functions/tracking/osmand';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from './api';

// The OsmAnd protocol as the phone apps send it: every value a string, in the query (GET, or POST
// with no body) or a form body, the key in the URL the app is configured with.

const S = Math.floor(Date.now() / 1000) - 600;
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('OsmAnd ingestion', () => {
  let key: string;
  let api: TrackingApi;
  beforeAll(async () => {
    key = (await newOrgKey()).key;
    api = trackingApi(key);
    await api.create({ custom_id: 'courier-1' });
    await api.bind('courier-1', 'traccar-123456');
  });
  const params = (t: number, extra: Record<string, string> = {}) => ({
    id: 'traccar-123456',
    lat: '57.7089',
    lon: '11.9746',
    timestamp: String(t),
    ...extra,
  });

  it('takes a GET, a POST with the query only and a form POST, each as one point of the bound asset', async () => {
    const get = await invoke(osmand, { method: 'GET', path: '/skynet/osmand', query: { key, ...params(S, { speed: '20', batt: '55' }) } });
    expect(get.status, JSON.stringify(get.body)).toBe(200);
    const post = await invoke(osmand, {
      method: 'POST',
      path: '/skynet/osmand',
      query: { key, ...params(S + 5) },
      rawBody: '',
      headers: form,
    });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const body = new URLSearchParams(params(S + 10, { bearing: '180' })).toString();
    const posted = await invoke(osmand, { method: 'POST', path: '/tracking/osmand', query: { key }, rawBody: body, headers: form });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const list = (await api.locations('courier-1', { start_time: String(S - 1), end_time: String(S + 11) })).body.data.list;
    expect(list.map((p: { timestamp: number }) => p.timestamp)).toEqual([S, S + 5, S + 10].map((s) => s * 1000));
    const last = (await api.last('courier-1')).body.data.location;
    expect(last).toMatchObject({ timestamp: (S + 10) * 1000, bearing: 180 });
  });

  it('takes the JSON body Traccar Client 9 posts', async () => {
    const at = S + 50;
    const body = {
      device_id: 'traccar-123456',
      location: {
        timestamp: new Date(at * 1000).toISOString(),
        coords: { latitude: 57.71, longitude: 11.97, speed: 4, heading: 90 },
        battery: { level: 0.5 },
      },
    };
    const res = await invoke(osmand, { method: 'POST', path: '/skynet/osmand', query: { key }, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = (await api.locations('courier-1', { start_time: String(at), end_time: String(at) })).body.data.list;
    expect(list[0]).toMatchObject({ timestamp: at * 1000, speed: 4, bearing: 90, battery_level: 50 });
  });

  it('stores a buffer resent after a gap once', async () => {
    const at = S + 100;
    for (let i = 0; i < 2; i++) {
      for (const t of [at, at + 5, at + 10]) expect((await invoke(osmand, { query: { key, ...params(t) } })).status).toBe(200);
    }
    const list = (await api.locations('courier-1', { start_time: String(at), end_time: String(at + 10) })).body.data.list;
    expect(list).toHaveLength(3);
  });

  it('answers 4xx naming the parameter: unknown device, missing field, bad timestamp', async () => {
    const unknown = await invoke(osmand, { query: { key, ...params(S, { id: 'nobody' }) } });
    expect([unknown.status, unknown.body.field]).toEqual([404, 'id']);
    const { lat: _lat, ...noLat } = params(S);
    const missing = await invoke(osmand, { query: { key, ...noLat } });
    expect([missing.status, missing.body.message]).toEqual([400, 'lat: is required']);
    const bad = await invoke(osmand, { query: { key, ...params(S), timestamp: 'yesterday' } });
    expect([bad.status, bad.body.field]).toEqual([400, 'timestamp']);
    expect((await invoke(osmand, { query: params(S) })).status).toBe(401);
  });
});

describe('bound assets stored before the device index', () => {
  it('are indexed by the upgrade npm start runs, then found by their device', async () => {
    const { documentClient } = await import('../../../shared/platform/dynamo');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { config } = await import('../../../shared/platform/config');
    const { indexLegacyDevices } = await import('../../../shared/tracking/migrate');
    const { key, org } = await newOrgKey();
    const space = `${org}|`;
    const api = trackingApi(key);
    await api.create({ custom_id: 'old-van' });
    await api.bind('old-van', 'old-phone');
    // As an older version stored it: bound, without the device index key.
    await documentClient().send(
      new UpdateCommand({
        TableName: config.table('tracking-assets'),
        Key: { pk: `${space}#old-van`, id: 'old-van' },
        UpdateExpression: 'REMOVE dpk',
      }),
    );
    const query = { key, id: 'old-phone', lat: '57.7', lon: '11.97', timestamp: String(S) };
    expect((await invoke(osmand, { query })).status).toBe(404);
    expect(await indexLegacyDevices()).toBeGreaterThanOrEqual(1);
    expect((await invoke(osmand, { query })).status).toBe(200);
  });
});
