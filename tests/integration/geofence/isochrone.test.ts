import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoNetwork } from '../../../infra/local/networks';
import { newOrgKey } from '../support/keys';
import { geofenceClient } from './client';

// Isochrone geofences on a real road network: OpenStreetMap ways of Gothenburg.
describe('isochrone geofences', () => {
  let dir: string;
  let gf: ReturnType<typeof geofenceClient>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-networks-'));
    process.env.WAYMARK_NETWORK_DIR = ensureDemoNetwork(dir, () => undefined);
    gf = geofenceClient((await newOrgKey()).key);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('computes the reachable area by drive time; contours_meter is ignored when both are given', async () => {
    const res = await gf.create({
      type: 'isochrone',
      name: 'ten minutes from the centre',
      isochrone: { coordinates: '57.7072,11.9668', contours_minute: 10, contours_meter: 999 },
    });
    expect(res.status).toBe(200);
    const g = (await gf.get(res.body.data.id)).body.data.geofence;
    expect(g).toMatchObject({ type: 'isochrone', ic_contours_minute: 10, ic_coordinates: '57.7072,11.9668', ic_mode: 'car' });
    expect(g.ic_contours_meter).toBeUndefined();
    expect(g.geojson.type).toBe('Polygon');
    const inside = await gf.contain({ geofences: g.id, locations: '57.7072,11.9668|57.9,12.5' });
    expect(inside.body.data.result_list[0].result.map((r: { contain: boolean }) => r.contain)).toEqual([true, false]);
  }, 60_000);

  it('recomputes an isochrone from a partial update (contours_minute alone), keeping the stored start and mode', async () => {
    const id = (await gf.create({ type: 'isochrone', isochrone: { coordinates: '57.7072,11.9668', contours_minute: 3, mode: 'truck' } }))
      .body.data.id;
    const before = (await gf.get(id)).body.data.geofence;
    expect((await gf.update(id, { isochrone: { contours_minute: 8 } })).status).toBe(200);
    const after = (await gf.get(id)).body.data.geofence;
    expect(after).toMatchObject({ ic_coordinates: '57.7072,11.9668', ic_contours_minute: 8, ic_mode: 'truck' });
    expect(after.geojson).not.toEqual(before.geojson);
    expect((await gf.update(id, { isochrone: { mode: 'bicycle' } })).body.field).toBe('isochrone.mode');
  }, 60_000);

  it('still refuses a start point outside every loaded network', async () => {
    const res = await gf.create({ type: 'isochrone', isochrone: { coordinates: '48.85,2.35', contours_meter: 5000 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/no road network covers 48.85,2.35/);
  });
});
