import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePolyline } from '../../../shared/geo';
import { NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { newOrgKey } from '../support/keys';
import { pointAt, trackingApi, type TrackingApi } from './api';
import { gothenburgNetwork } from '../routing/client-session';

const T0 = Date.now() - 3600_000; // an hour ago, ms

function points(n: number, start = 0, base = { lat: 52.52, lon: 13.405 }) {
  return Array.from({ length: n }, (_, k) => {
    const i = start + k;
    return { location: pointAt(base.lat, base.lon, i), timestamp: T0 + i * 10_000, speed: 5, bearing: 0, accuracy: 4 };
  });
}

describe('tracking upload and history', () => {
  let api: TrackingApi;
  beforeAll(async () => {
    api = trackingApi((await newOrgKey()).key);
  });
  afterAll(() => setRoadNetworks(undefined));
  const sample = gothenburgNetwork;

  describe.concurrent('upload and history', () => {
    it('refuses an upload to an asset without a bound device', async () => {
      await api.create({ custom_id: 'unbound' });
      const res = await api.track('unbound', { device_id: 'd1', locations: points(1) });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/not bound to a device/);
      expect((await api.locations('unbound')).body.data.list).toEqual([]);
      expect((await api.track('missing', { device_id: 'd1', locations: points(1) })).status).toBe(404);
    });

    it('refuses an upload from a device that is not the bound one', async () => {
      await api.create({ custom_id: 'wrongdev' });
      await api.bind('wrongdev', 'd-right');
      const res = await api.track('wrongdev', { device_id: 'd-wrong', locations: points(2) });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('device_id');
      expect((await api.get('wrongdev')).body.data.asset.latest_location).toBeNull();
    });

    it('validates every location and names the field and rule', async () => {
      await api.create({ custom_id: 'val' });
      await api.bind('val', 'dv');
      const bad = await api.track('val', {
        device_id: 'dv',
        locations: [
          { location: { lat: 91, lon: 0 }, timestamp: T0 },
          { location: { lat: 0, lon: 0 }, timestamp: 1_700_000_000 },
          { location: { lat: 0, lon: 0 }, timestamp: T0, speed: -1, bearing: 400 },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('locations[0].location.lat: must be at most 90');
      expect(bad.body.message).toContain('locations[1].timestamp: must be Unix milliseconds (13 digits)');
      expect(bad.body.message).toContain('locations[2].speed: must be at least 0');
      expect(bad.body.message).toContain('locations[2].bearing: must be at most 360');
      expect((await api.track('val', { device_id: 'dv', locations: [] })).status).toBe(400);
      const future = await api.track('val', {
        device_id: 'dv',
        locations: [{ location: { lat: 1, lon: 1 }, timestamp: Date.now() + 3 * 86400_000 }],
      });
      expect(future.status).toBe(400);
      expect(future.body.field).toBe('locations[0].timestamp');
    });

    it('accepts a single location object (official client shape) and moves latest_location', async () => {
      await api.create({ custom_id: 'single' });
      await api.bind('single', 'ds');
      const [p] = points(1);
      const res = await api.track('single', { device_id: 'ds', locations: p });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'Ok' });
      const last = await api.last('single');
      expect(last.body.data.location).toEqual(p);
      const asset = (await api.get('single')).body.data.asset;
      expect(asset.state).toBe('active');
      expect(asset.tracked_at).toBe(Math.floor(p.timestamp / 1000));
    });

    it('stores duplicates once (first write wins) and never rewinds latest_location', async () => {
      await api.create({ custom_id: 'dupes' });
      await api.bind('dupes', 'dd');
      const batch = points(5, 10);
      expect((await api.track('dupes', { device_id: 'dd', locations: batch })).status).toBe(200);
      // Resend the same batch, and a changed copy of one point: nothing new is written.
      expect((await api.track('dupes', { device_id: 'dd', locations: batch })).status).toBe(200);
      const changed = { ...batch[2], speed: 99 };
      expect((await api.track('dupes', { device_id: 'dd', locations: [changed, changed] })).status).toBe(200);
      let list = (await api.locations('dupes')).body.data;
      expect(list.page.total).toBe(5);
      expect(list.list[2].speed).toBe(5);

      // Late points (older than the latest) go to history only.
      const late = points(3, 0);
      expect((await api.track('dupes', { device_id: 'dd', locations: late.reverse() })).status).toBe(200);
      list = (await api.locations('dupes')).body.data;
      expect(list.page.total).toBe(8);
      const ts = list.list.map((p: { timestamp: number }) => p.timestamp);
      expect(ts).toEqual([...ts].sort((a, b) => a - b));
      expect((await api.last('dupes')).body.data.location.timestamp).toBe(batch[4].timestamp);

      // An out-of-order batch: latest becomes its newest point, whatever the order.
      const mixed = [points(1, 30)[0], points(1, 20)[0], points(1, 25)[0]];
      await api.track('dupes', { device_id: 'dd', locations: mixed });
      expect((await api.last('dupes')).body.data.location.timestamp).toBe(T0 + 30 * 10_000);
    });

    it('refuses more history per minute than an asset keeps (422) and oversized meta_data (400)', async () => {
      await api.create({ custom_id: 'dense' });
      await api.bind('dense', 'dx');
      const minute = Math.floor((T0 - 600_000) / 60_000) * 60_000;
      const burst = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => ({ location: { lat: 1, lon: 1 }, timestamp: minute + from + i }));
      expect((await api.track('dense', { device_id: 'dx', locations: burst(0, 1000) })).status).toBe(200);
      const over = await api.track('dense', { device_id: 'dx', locations: burst(1000, 201) });
      expect(over.status).toBe(422);
      expect(over.body.message).toMatch(/at most 1200 points/);
      const big = await api.track('dense', {
        device_id: 'dx',
        locations: [{ location: { lat: 1, lon: 1 }, timestamp: T0, meta_data: { blob: 'x'.repeat(5000) } }],
      });
      expect(big.status).toBe(400);
      expect(big.body.field).toBe('locations[0].meta_data');
    });

    it('pages history with start/end and returns polyline, polyline6 and geojson geometry', async () => {
      await api.create({ custom_id: 'hist' });
      await api.bind('hist', 'dh');
      const track = points(120);
      await api.track('hist', { device_id: 'dh', locations: track });

      const page2 = await api.locations('hist', { ps: '50', pn: '2' });
      expect(page2.body.data.page).toEqual({ total: 120, offset: 50, page: 2, size: 50, hasmore: true });
      expect(page2.body.data.list.map((p: { timestamp: number }) => p.timestamp)).toEqual(track.slice(50, 100).map((p) => p.timestamp));
      const page3 = await api.locations('hist', { ps: '50', pn: '3' });
      expect(page3.body.data.list).toHaveLength(20);
      expect(page3.body.data.page.hasmore).toBe(false);
      expect((await api.locations('hist', { ps: '501' })).status).toBe(400);
      expect((await api.locations('hist', { ps: '500' })).body.data.list).toHaveLength(120);

      const window = await api.locations('hist', { start_time: String(track[10].timestamp), end_time: String(track[19].timestamp) });
      expect(window.body.data.list).toHaveLength(10);
      expect(window.body.data.page.total).toBe(10);
      // 9 steps of 50 m.
      expect(window.body.data.distance).toBeGreaterThan(445);
      expect(window.body.data.distance).toBeLessThan(455);

      const p5 = await api.locations('hist', { geometry_type: 'polyline', ps: '500' });
      const decoded5 = decodePolyline(p5.body.data.geometry[0], 5);
      expect(decoded5).toHaveLength(120);
      decoded5.forEach((p, i) => {
        expect(Math.abs(p.lat - track[i].location.lat)).toBeLessThanOrEqual(0.5e-5 + 1e-12);
        expect(Math.abs(p.lon - track[i].location.lon)).toBeLessThanOrEqual(0.5e-5 + 1e-12);
      });
      const p6 = await api.locations('hist', { geometry_type: 'polyline6', ps: '500' });
      decodePolyline(p6.body.data.geometry[0], 6).forEach((p, i) => {
        expect(Math.abs(p.lat - track[i].location.lat)).toBeLessThanOrEqual(0.5e-6 + 1e-12);
      });
      const gj = await api.locations('hist', { geometry_type: 'geojson', ps: '10' });
      expect(gj.body.data.geojson).toMatchObject({ type: 'Feature', geometry: { type: 'LineString' }, properties: {} });
      expect(gj.body.data.geojson.geometry.coordinates[0]).toEqual([track[0].location.lon, track[0].location.lat]);

      const dense = await api.locations('hist', { geometry_type: 'geojson', ps: '10', correction: 'interpolate=1' });
      // 9 gaps of (about) 50 m at a 10 m step: 4 or 5 points inserted in each.
      const n = dense.body.data.geojson.geometry.coordinates.length;
      expect(n).toBeGreaterThanOrEqual(10 + 9 * 4);
      expect(n).toBeLessThanOrEqual(10 + 9 * 5);
      expect(dense.body.data.list).toHaveLength(10);

      expect((await api.locations('hist', { geometry_type: 'wkt' })).status).toBe(400);
      expect((await api.locations('hist', { correction: 'snap=1' })).status).toBe(400);
      expect((await api.locations('hist', { start_time: '10', end_time: '5' })).status).toBe(400);
    });
  });

  it('says a track is not matched where no road network covers it', async () => {
    setRoadNetworks(new NetworkRegistry());
    const res = await api.locations('hist', { correction: 'mapmatch=1,mode=car', geometry_type: 'polyline', ps: '20' });
    expect(res.status).toBe(200);
    expect(res.body.data.snapped_points).toEqual([]);
    expect(res.body.data.mapmatch.matched).toBe(false);
    expect(res.body.data.mapmatch.message).toMatch(/not matched/);
    expect(res.body.data.geometry).toHaveLength(1);

    setRoadNetworks(new NetworkRegistry().add(sample()));
    const berlin = await api.locations('hist', { correction: 'mapmatch=1', ps: '20' });
    expect(berlin.body.data.mapmatch).toMatchObject({ matched: false });
    expect(berlin.body.data.mapmatch.message).toMatch(/no road network covers/);
  });

  it('map-matches a track on a loaded road network', async () => {
    const net = sample();
    setRoadNetworks(new NetworkRegistry().add(net));
    // A short drive along a road of the sample: route between two points, then replay it with noise.
    const route = net.route([
      { lat: 57.7, lon: 11.97 },
      { lat: 57.705, lon: 11.98 },
    ]);
    const geometry = route.coordinates.map(([lat, lon]) => ({ lat, lon }));
    expect(geometry.length).toBeGreaterThan(3);
    const step = Math.max(1, Math.floor(geometry.length / 15));
    const drive = geometry
      .filter((_, i) => i % step === 0)
      .map((p, i) => ({
        location: { lat: p.lat + 0.00003, lon: p.lon - 0.00003 },
        timestamp: T0 + i * 5000,
      }));
    await api.create({ custom_id: 'gbg' });
    await api.bind('gbg', 'dg');
    expect((await api.track('gbg', { device_id: 'dg', locations: drive })).status).toBe(200);
    const res = await api.locations('gbg', { correction: 'mapmatch=1,interpolate=1', geometry_type: 'polyline6', ps: '500' });
    expect(res.status).toBe(200);
    expect(res.body.data.mapmatch.matched).toBe(true);
    expect(res.body.data.snapped_points.length).toBeGreaterThan(0);
    const sp = res.body.data.snapped_points[0];
    expect(sp).toHaveProperty('location.lat');
    expect(sp).toHaveProperty('originalIndex');
    expect(sp.distance).toBeLessThan(20);
    expect(res.body.data.distance).toBeGreaterThan(0);
  });
});
