import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as createNamespacedKey } from '../../../functions/platform/create-namespaced-key';
import { handler as createGeofence } from '../../../functions/geofence/create';
import { decodePolyline } from '../../../shared/geo';
import { loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from '../tracking/api';
import { tripsApi } from './api';

// Trips through their handlers on DynamoDB Local, in the client's shapes: {status, data{id}},
// {status}, {data{trip}} with ms times and the route, and the summary with its asset.

let key: string;
let tracking: TrackingApi;
let api: ReturnType<typeof tripsApi>;
let depot: string;

beforeAll(async () => {
  ({ key } = await newOrgKey());
  tracking = trackingApi(key);
  api = tripsApi(key);
  const fence = await invoke(createGeofence, {
    method: 'POST',
    path: '/geofence',
    query: { key },
    body: { type: 'circle', name: 'Depot', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 150 } },
  });
  depot = fence.body.data.id;
});
afterAll(() => setRoadNetworks(undefined));

async function assetWithDevice(id: string) {
  expect((await tracking.create({ custom_id: id, name: `Van ${id}` })).status).toBe(200);
  expect((await tracking.bind(id, `dev-${id}`)).status).toBe(200);
}

describe('trip lifecycle', () => {
  it('starts, reads, updates, ends and deletes a trip', async () => {
    await assetWithDevice('van-1');
    const before = Date.now();
    const started = await api.start({
      asset_id: 'van-1',
      custom_id: 'trip-1',
      name: 'Morning round',
      attributes: { shift: 1 },
      meta_data: { driver: 'Ana' },
      stops: [{ geofence_id: depot, name: 'Depot', meta_data: { dock: 3 } }, { name: 'Customer' }],
    });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ status: 'Ok', data: { id: 'trip-1' } });

    const got = await api.get('trip-1');
    expect(got.status).toBe(200);
    const trip = got.body.data.trip;
    expect(trip).toMatchObject({
      id: 'trip-1',
      asset_id: 'van-1',
      name: 'Morning round',
      description: '',
      attributes: { shift: '1' },
      meta_data: { driver: 'Ana' },
      state: 'active',
      ended_at: null,
      stops: [
        { geofence_id: depot, name: 'Depot', meta_data: { dock: 3 } },
        { geofence_id: '', name: 'Customer', meta_data: {} },
      ],
      route: [],
    });
    expect(trip.started_at).toBeGreaterThanOrEqual(before);
    expect(trip.created_at).toBe(trip.started_at);

    const changed = await api.update('trip-1', { asset_id: 'van-1', description: 'via the harbour', stops: [] });
    expect(changed.body).toEqual({ status: 'Ok' });
    const after = (await api.get('trip-1')).body.data.trip;
    expect(after).toMatchObject({ name: 'Morning round', description: 'via the harbour', stops: [] });
    expect(after.updated_at).toBeGreaterThanOrEqual(after.created_at);

    expect((await api.end('trip-1')).body).toEqual({ status: 'Ok' });
    const ended = (await api.get('trip-1')).body.data.trip;
    expect(ended.state).toBe('ended');
    expect(ended.ended_at).toBeGreaterThanOrEqual(ended.started_at);
    // a retried end changes nothing
    expect((await api.end('trip-1')).status).toBe(200);
    expect((await api.get('trip-1')).body.data.trip.ended_at).toBe(ended.ended_at);

    expect((await api.remove('trip-1')).body).toEqual({ status: 'Ok' });
    expect((await api.get('trip-1')).status).toBe(404);
    expect((await api.remove('trip-1')).status).toBe(404);
  });

  it('keeps one active trip per asset and refuses what does not exist', async () => {
    await assetWithDevice('van-2');
    const first = await api.start({ asset_id: 'van-2' });
    expect(first.status).toBe(200);
    const second = await api.start({ asset_id: 'van-2' });
    expect(second.status).toBe(409);
    expect(second.body.field).toBe('asset_id');
    expect(second.body.message).toContain(first.body.data.id);
    await api.end(first.body.data.id);
    expect((await api.start({ asset_id: 'van-2', custom_id: 'trip-2' })).status).toBe(200);
    // a retried start with the same custom_id answers the trip it made
    expect((await api.start({ asset_id: 'van-2', custom_id: 'trip-2' })).body.data.id).toBe('trip-2');
    await api.end('trip-2');
    expect((await api.start({ asset_id: 'van-2', custom_id: 'trip-2' })).status).toBe(409);

    const noAsset = await api.start({ asset_id: 'nope' });
    expect(noAsset.status).toBe(404);
    expect(noAsset.body.field).toBe('asset_id');
    const noFence = await api.start({ asset_id: 'van-2', stops: [{ geofence_id: 'missing' }] });
    expect(noFence.status).toBe(404);
    expect(noFence.body.field).toBe('stops[0].geofence_id');
    expect((await api.update('trip-2', { asset_id: 'van-1' })).status).toBe(400);
    expect((await api.end('missing')).status).toBe(404);
  });

  it('validates the body and names the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'asset_id'],
      [{ asset_id: 'van-1', custom_id: 'bad id' }, 'custom_id'],
      [{ asset_id: 'van-1', stops: Array.from({ length: 101 }, () => ({})) }, 'stops'],
      [{ asset_id: 'van-1', attributes: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, 'x'])) }, 'attributes'],
    ];
    for (const [body, field] of cases) {
      const res = await api.start(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('a start too large to store is 413 naming the field, never a 500, and holds no asset', async () => {
    await assetWithDevice('van-big');
    // attributes and stops at their limits, in three-byte characters: over one stored item
    const attributes = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`a${i}`, '語'.repeat(1024)]));
    const stops = Array.from({ length: 100 }, () => ({ name: '語'.repeat(256), meta_data: { blob: 'x'.repeat(2000) } }));
    const res = await api.start({ asset_id: 'van-big', custom_id: 'trip-big', attributes, stops });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413, field: 'attributes' });
    expect((await api.get('trip-big')).status).toBe(404);
    expect((await api.start({ asset_id: 'van-big' })).status).toBe(200);
  });

  it('keeps trips within the key namespace', async () => {
    await assetWithDevice('van-3');
    const made = await api.start({ asset_id: 'van-3', custom_id: 'trip-3' });
    expect(made.status).toBe(200);
    const delay = process.env.WAYMARK_KEY_DELAY_SECONDS;
    process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
    const ns = await invoke(createNamespacedKey, { method: 'POST', path: '/namespaced-apikeys', query: { key, namespace: 'fleet-b' } });
    if (delay === undefined) delete process.env.WAYMARK_KEY_DELAY_SECONDS;
    else process.env.WAYMARK_KEY_DELAY_SECONDS = delay;
    expect(ns.status).toBe(200);
    const nsKey = ns.body.result.apikey as string;
    const other = tripsApi(nsKey, '/tracking');
    expect((await other.get('trip-3')).status).toBe(404);
    expect((await other.remove('trip-3')).status).toBe(404);
    expect((await other.summary('trip-3')).status).toBe(404);
    // the namespace's own asset of the same id is another asset
    expect((await other.start({ asset_id: 'van-3' })).status).toBe(404);
    await trackingApi(nsKey).create({ custom_id: 'van-3' });
    const mine = await other.start({ asset_id: 'van-3', custom_id: 'trip-3' });
    expect(mine.status).toBe(200);
    expect((await api.get('trip-3')).body.data.trip.asset_id).toBe('van-3');
    await other.remove('trip-3');
    expect((await api.get('trip-3')).status).toBe(200);
  });
});

describe('trip summary', () => {
  it('summarises the tracked route: distance, duration, geometry, stop visits and the asset', async () => {
    setRoadNetworks(new NetworkRegistry());
    await assetWithDevice('van-4');
    const { body } = await api.start({ asset_id: 'van-4', stops: [{ geofence_id: depot, name: 'Depot' }] });
    const id = body.data.id;
    const short = (await api.summary(id)).body.data.trip;
    expect(short.distance).toBeUndefined();
    expect(short.geometry).toBeUndefined();
    expect(short.stops[0]).toMatchObject({ arrived_at: null, departed_at: null, geofence: { id: depot, name: 'Depot', type: 'circle' } });

    const t0 = Date.now() + 1000;
    // northwards through the depot circle (57.7, 11.97; 150 m): inside for points 2..4
    const locations = Array.from({ length: 8 }, (_, i) => ({
      location: { lat: 57.6973 + i * 0.0009, lon: 11.97 },
      timestamp: t0 + i * 10_000,
    }));
    expect((await tracking.track('van-4', { device_id: 'dev-van-4', locations })).status).toBe(200);
    const res = await api.summary(id);
    expect(res.status).toBe(200);
    const trip = res.body.data.trip;
    expect(trip.route).toHaveLength(8);
    expect(trip.duration).toBe(70);
    expect(trip.distance).toBeGreaterThan(690);
    expect(trip.distance).toBeLessThan(710);
    expect(decodePolyline(trip.geometry[0], 5)).toHaveLength(8);
    expect(trip.mapmatch.matched).toBe(false);
    expect(trip.asset).toMatchObject({ id: 'van-4', name: 'Van van-4', state: 'active' });
    const inside = locations.filter((p) => Math.abs(p.location.lat - 57.7) * 111_195 <= 150);
    expect(trip.stops[0].arrived_at).toBe(inside[0].timestamp);
    expect(trip.stops[0].departed_at).toBe(locations[locations.indexOf(inside[inside.length - 1]) + 1].timestamp);
  });

  it('map-matches the route where a road network covers it', async () => {
    const net = loadGothenburgSample();
    setRoadNetworks(new NetworkRegistry().add(net));
    const road = net.route([
      { lat: 57.7, lon: 11.97 },
      { lat: 57.705, lon: 11.98 },
    ]);
    const geometry = road.coordinates.map(([lat, lon]) => ({ lat, lon }));
    const step = Math.max(1, Math.floor(geometry.length / 15));
    await assetWithDevice('van-5');
    const { body } = await api.start({ asset_id: 'van-5' });
    const t0 = Date.now() + 1000;
    const locations = geometry
      .filter((_, i) => i % step === 0)
      .map((p, i) => ({ location: { lat: p.lat + 0.00003, lon: p.lon - 0.00003 }, timestamp: t0 + i * 5000 }));
    expect((await tracking.track('van-5', { device_id: 'dev-van-5', locations })).status).toBe(200);
    const trip = (await api.summary(body.data.id)).body.data.trip;
    expect(trip.mapmatch).toMatchObject({ matched: true });
    expect(trip.distance).toBeGreaterThan(0);
    expect(decodePolyline(trip.geometry[0], 5).length).toBeGreaterThan(2);
  });
});
