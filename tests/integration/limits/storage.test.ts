import { beforeAll, describe, expect, it } from 'vitest';
import { geofenceClient, square } from '../geofence/client';
import { monitorApi } from '../monitors/api';
import { newOrgKey } from '../support/keys';
import { trackingApi } from '../tracking/api';
import { invoke } from '../support/invoke';
import { handler as batchCreate } from '../../../functions/geofence/batch-create';
import { handler as createGeofence } from '../../../functions/geofence/create';
import { combPolygon, deeplyNested, gzipped, starPolygon } from './support';

// Every input that would reach a storage limit gets a 4xx naming the field and the limit, through
// the real handlers on DynamoDB Local, and leaves nothing half-written behind.

let key: string;
let fence: string;

beforeAll(async () => {
  key = (await newOrgKey()).key;
  fence = (await geofenceClient(key).create({ type: 'polygon', polygon: { geojson: square(11.9, 57.7, 0.01) } })).body.data.id;
});

describe('numbers DynamoDB or the SDK cannot keep exactly', () => {
  const unstorable = [1e16, 1e-200, -1e300];

  it.each(unstorable)('meta_data %s: 400 naming the field, on geofences, assets and monitors', async (n) => {
    const geofence = await geofenceClient(key).create({
      type: 'circle',
      circle: { center: { lat: 57.7, lon: 11.9 }, radius: 100 },
      meta_data: { n },
    });
    const asset = await trackingApi(key).create({ meta_data: { deep: { list: [1, n] } } });
    const monitor = await monitorApi(key).create({ type: 'enter', geofence_ids: [fence], meta_data: { n } });
    for (const [res, field] of [
      [geofence, 'meta_data.n'],
      [asset, 'meta_data.deep.list[1]'],
      [monitor, 'meta_data.n'],
    ] as const) {
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toContain(`${field}: must be 0 or of magnitude between 1e-130 and 9007199254740991`);
    }
  });

  it('numbers at the edges of the rule are kept exactly', async () => {
    const api = trackingApi(key);
    const meta_data = { big: Number.MAX_SAFE_INTEGER, small: 1e-130, neg: -123.456, zero: 0 };
    const created = await api.create({ custom_id: 'edges', meta_data });
    expect(created.status).toBe(200);
    expect((await api.get('edges')).body.data.asset.meta_data).toEqual(meta_data);
  });

  it('track altitude, speed and the other numbers of a point: 400 naming the point and field', async () => {
    const api = trackingApi(key);
    await api.create({ custom_id: 'numbers' });
    await api.bind('numbers', 'dev-n');
    const point = { location: { lat: 57.7, lon: 11.9 }, timestamp: Date.now() - 60_000 };
    for (const [name, value] of [
      ['altitude', 1e300],
      ['speed', 1e300],
      ['accuracy', 1e-200],
      ['battery_level', 1e-200],
    ] as const) {
      const res = await api.track('numbers', { device_id: 'dev-n', locations: [{ ...point, [name]: value }] });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(`locations[0].${name}`);
    }
    const lat = await api.track('numbers', { device_id: 'dev-n', locations: [{ ...point, location: { lat: 1e-200, lon: 11.9 } }] });
    expect(lat.body.field).toBe('locations[0].location.lat');
    expect((await api.last('numbers')).body.data.location).toBeFalsy();
  });
});

describe('items past DynamoDB limits', () => {
  it('attributes merged by repeated PUT .../attributes stop at 100 (400), and the asset keeps what it had', async () => {
    const api = trackingApi(key);
    await api.create({ custom_id: 'attrs' });
    const batch = (b: number) => Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`a${b}-${i}`, 'v'.repeat(1024)]));
    expect((await api.attributes('attrs', batch(0))).status).toBe(200);
    const second = await api.attributes('attrs', batch(1));
    expect(second.status).toBe(400);
    expect(second.body.field).toBe('attributes');
    expect(second.body.message).toContain('at most 100');
    expect((await api.attributes('attrs', batch(2))).status).toBe(400);
    const stored = (await api.get('attrs')).body.data.asset.attributes;
    expect(Object.keys(stored)).toHaveLength(100);
    // Overwriting names already stored stays within the limit and is accepted.
    expect((await api.attributes('attrs', { 'a0-1': 'changed' })).status).toBe(200);
  });

  it('monitor meta_data of 500 KB: 400 naming the 64 KiB limit', async () => {
    const res = await monitorApi(key).create({ type: 'enter', geofence_ids: [fence], meta_data: { blob: 'x'.repeat(500_000) } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('meta_data');
    expect(res.body.message).toContain('at most 65536 bytes');
  });

  it('a polygon over 10,000 positions: 400 naming the cap, for geofences and the polygon search', async () => {
    const big = starPolygon(11.9, 57.7, 10_000, 7);
    const res = await geofenceClient(key).create({ type: 'polygon', polygon: { geojson: big } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('has 10001 positions; at most 10,000');
    const search = await trackingApi(key).polygonBody({ polygon: big.coordinates[0].flat() });
    expect(search.status).toBe(400);
    expect(search.body.message).toContain('at most 10,000');
    const largest = await geofenceClient(key).create({ type: 'polygon', polygon: { geojson: starPolygon(11.9, 57.7, 9_999, 8) } });
    expect(largest.status).toBe(200);
  });

  it('a batch create past the 4 MB transaction limit: 413 with the limit, nothing created', async () => {
    const geofences = Array.from({ length: 100 }, (_, i) => ({
      type: 'polygon',
      custom_id: `big-${i}`,
      polygon: { geojson: starPolygon(10 + (i % 10) * 0.3, 50 + Math.floor(i / 10) * 0.3, 3000, i + 1) },
    }));
    const res = await invoke(batchCreate, { method: 'POST', path: '/geofence/batch', query: { key }, ...gzipped({ geofences }) });
    expect(res.status).toBe(413);
    expect(res.body.field).toBe('geofences');
    expect(res.body.message).toContain('at most 4,096 KB');
    expect((await geofenceClient(key).get('big-0')).status).toBe(404);
  });
});

describe('work and nesting bounded before it starts', () => {
  it('a comb-shaped polygon is checked by the sweep: a simple one is stored, a crossing one names the two segments', async () => {
    const ok = await geofenceClient(key).create({ type: 'polygon', polygon: { geojson: combPolygon(2400) } });
    expect(ok.status).toBe(200);
    const bad = await geofenceClient(key).create({ type: 'polygon', polygon: { geojson: combPolygon(2400, true) } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/segment 0 \(positions 0-1\) crosses segment \d+ \(positions \d+-\d+\)/);
  });

  it('a 120,000-position comb is refused by the position cap (geofence and polygon search)', async () => {
    const comb = combPolygon(30_000);
    expect((await geofenceClient(key).create({ type: 'polygon', polygon: { geojson: comb } })).status).toBe(400);
    expect((await trackingApi(key).polygonBody({ polygon: comb })).status).toBe(400);
  });

  it('JSON nested 100,000 deep in meta_data: 400 naming the nesting limit', async () => {
    const res = await invoke(createGeofence, { method: 'POST', path: '/geofence', query: { key }, rawBody: deeplyNested(100_000) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'body', message: expect.stringContaining('more than 32 levels deep') });
    const inside = await geofenceClient(key).create({
      type: 'circle',
      circle: { center: { lat: 57.7, lon: 11.9 }, radius: 10 },
      meta_data: JSON.parse(deeplyNested(31)).meta_data,
    });
    expect(inside.status).toBe(400);
    expect(inside.body.message).toContain('must not nest objects and arrays more than 30 levels deep');
  });
});
