import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as submitHandler } from '../../../functions/optimization/submit';
import { handler as createGeofence } from '../../../functions/geofence/create';
import { geofenceClient, square } from '../geofence/client';
import { monitorApi } from '../monitors/api';
import { purge, queues, unthrottled } from '../optimization/support';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { trackingApi } from '../tracking/api';
import { gzipped, seeded } from './support';

// Future timestamps, geofences watched by monitors, and gzip-encoded bodies, through the real
// handlers on the emulators.

let key: string;

beforeAll(async () => {
  key = (await newOrgKey({ quotas: unthrottled })).key;
});

// The job the gzip test queued is nobody's to run.
afterAll(() => purge(queues.jobs()));

describe('points from the future', () => {
  it('a point more than WAYMARK_MAX_FUTURE_SKEW_MS ahead is refused and cannot pin the latest location', async () => {
    const api = trackingApi(key);
    await api.create({ custom_id: 'skew' });
    await api.bind('skew', 'dev-s');
    const at = (ts: number) => ({ device_id: 'dev-s', locations: [{ location: { lat: 57.7, lon: 11.9 }, timestamp: ts }] });
    const ahead = await api.track('skew', at(Date.now() + 10 * 60_000));
    expect(ahead.status).toBe(400);
    expect(ahead.body.field).toBe('locations[0].timestamp');
    expect(ahead.body.message).toContain('must not be more than 300 seconds in the future');
    expect((await api.track('skew', at(Date.now() + 60_000))).status).toBe(200);
    const now = Date.now();
    expect((await api.track('skew', at(now + 90_000))).status).toBe(200);
    expect((await api.last('skew')).body.data.location.timestamp).toBe(now + 90_000);
  });

  it('the bound follows the setting', async () => {
    const api = trackingApi(key);
    await api.create({ custom_id: 'skew-2' });
    await api.bind('skew-2', 'dev-s2');
    process.env.WAYMARK_MAX_FUTURE_SKEW_MS = '1000';
    try {
      const res = await api.track('skew-2', {
        device_id: 'dev-s2',
        locations: [{ location: { lat: 57.7, lon: 11.9 }, timestamp: Date.now() + 60_000 }],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('1 seconds in the future');
    } finally {
      delete process.env.WAYMARK_MAX_FUTURE_SKEW_MS;
    }
  });
});

describe('a geofence watched by a monitor', () => {
  it('cannot be deleted (409 naming the monitors) until no monitor watches it; nothing is deleted', async () => {
    const g = geofenceClient(key);
    const m = monitorApi(key);
    const watched = (await g.create({ type: 'polygon', custom_id: 'watched', polygon: { geojson: square(11.9, 57.7, 0.01) } })).body.data
      .id;
    const free = (await g.create({ type: 'polygon', custom_id: 'free', polygon: { geojson: square(11.95, 57.7, 0.01) } })).body.data.id;
    await m.create({ type: 'enter', custom_id: 'mon-1', geofence_ids: [watched] });
    await m.create({ type: 'exit', custom_id: 'mon-2', geofence_config: { geofence_ids: [watched] } });

    const one = await g.remove(watched);
    expect(one.status).toBe(409);
    expect(one.headers['x-should-retry']).toBe('false');
    expect(one.body.message).toContain('geofence "watched" by monitor "mon-1", "mon-2"');
    const batch = await g.batchRemove([free, watched]);
    expect(batch.status).toBe(409);
    expect((await g.get(free)).status).toBe(200);
    expect((await g.get(watched)).status).toBe(200);

    await m.update('mon-1', { geofence_ids: [free] });
    await m.remove('mon-2');
    expect((await g.remove(watched)).status).toBe(200);
    expect((await g.remove(free)).status).toBe(409);
    // A monitor naming a deleted geofence is refused, so a re-created custom_id cannot silently re-attach.
    expect((await m.create({ type: 'enter', geofence_ids: [watched] })).status).toBe(400);
  });

  it('a delete racing monitor creates never leaves a monitor watching a deleted geofence', async () => {
    const g = geofenceClient(key);
    const m = monitorApi(key);
    for (let round = 0; round < 8; round++) {
      const id = `race-${round}`;
      await g.create({ type: 'circle', custom_id: id, circle: { center: { lat: 57.7, lon: 11.9 }, radius: 100 } });
      const [deleted, ...created] = await Promise.all([
        g.remove(id),
        ...Array.from({ length: 3 }, (_, k) => m.create({ type: 'enter', custom_id: `${id}-m${k}`, geofence_ids: [id] })),
      ]);
      expect([200, 409]).toContain(deleted.status);
      for (const c of created) expect([200, 400, 409]).toContain(c.status);
      const exists = (await g.get(id)).status === 200;
      const watching = (await Promise.all([0, 1, 2].map((k) => m.get(`${id}-m${k}`)))).filter((r) => r.status === 200);
      if (!exists) expect(watching).toHaveLength(0);
    }
  });
});

/** A problem of `n` locations with its own duration and distance matrices, about 14 MB as JSON for 1000. */
function largeProblem(n: number) {
  const rnd = seeded(42);
  const points = Array.from({ length: n }, () => [57.6 + 0.2 * rnd(), 11.8 + 0.3 * rnd()]);
  const distance_matrix = points.map(([a, b]) => points.map(([c, d]) => Math.round(Math.hypot((a - c) * 111_000, (b - d) * 59_000))));
  const duration_matrix = distance_matrix.map((row) => row.map((m) => Math.round(m / 11)));
  return {
    locations: { id: 1, location: points.map(([lat, lon]) => `${lat.toFixed(6)},${lon.toFixed(6)}`) },
    vehicles: [{ id: 1, start_index: 0, end_index: 0 }],
    jobs: Array.from({ length: n - 1 }, (_, i) => ({ id: i + 1, location_index: i + 1, service: 60 })),
    distance_matrix,
    duration_matrix,
    options: { objective: { solving_time_limit: 1 } },
  };
}

describe('gzip-encoded bodies', () => {
  const submit = (extra: Record<string, unknown>) =>
    invoke(submitHandler, { method: 'POST', path: '/optimization/v2', query: { key }, ...extra });

  it('a 1000-location problem with its own matrices, past 6 MB as JSON, is accepted gzip-encoded', async () => {
    const problem = largeProblem(1000);
    expect(Buffer.byteLength(JSON.stringify(problem))).toBeGreaterThan(6 * 1024 * 1024);
    const res = await submit(gzipped(problem));
    expect(res.status).toBe(200);
    expect(res.body.id).toEqual(expect.any(String));
  }, 60_000);

  it('a gzip bomb is 413 (bounded inflate), bad gzip 400, an unknown encoding 415', async () => {
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const res = await submit({ rawBody: bomb.toString('base64'), isBase64Encoded: true, headers: { 'content-encoding': 'gzip' } });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('once decompressed');
    const bad = await submit({
      rawBody: Buffer.from('not gzip').toString('base64'),
      isBase64Encoded: true,
      headers: { 'content-encoding': 'gzip' },
    });
    expect(bad.status).toBe(400);
    const br = await submit({ rawBody: '{}', headers: { 'content-encoding': 'br' } });
    expect(br.status).toBe(415);
    expect(br.body.field).toBe('content-encoding');
  });

  it('a gzip-encoded geofence is validated like any other body', async () => {
    const res = await invoke(createGeofence, {
      method: 'POST',
      path: '/geofence',
      query: { key },
      ...gzipped({ type: 'circle', circle: { center: { lat: 57.7, lon: 11.9 }, radius: 100 } }),
    });
    expect(res.status).toBe(200);
  });
});
