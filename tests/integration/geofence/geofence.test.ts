import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { geofenceClient, square } from './client';

type Client = ReturnType<typeof geofenceClient>;
const circle = (lat: number, lon: number, radius: number, extra: Record<string, unknown> = {}): Record<string, any> => ({
  type: 'circle',
  circle: { center: { lat, lon }, radius },
  ...extra,
});
const polygon = (geojson: unknown, extra: object = {}) => ({ type: 'polygon', polygon: { geojson }, ...extra });

describe('geofence service', () => {
  let gf: Client;
  let rootKey: string;
  beforeAll(async () => {
    rootKey = (await newOrgKey()).key;
    gf = geofenceClient(rootKey);
  });

  describe('create and get', () => {
    it('creates a circle and returns it with its boundary polygon', async () => {
      const res = await gf.create(circle(57.7, 11.97, 500, { name: 'depot', tags: ['a', 'b'], meta_data: { zone: 7 } }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'Ok', data: { id: expect.any(String) } });
      const got = await gf.get(res.body.data.id);
      expect(got.status).toBe(200);
      const g = got.body.data.geofence;
      expect(g).toMatchObject({ id: res.body.data.id, type: 'circle', name: 'depot', tags: ['a', 'b'], meta_data: { zone: 7 } });
      expect(g.circle_center).toEqual({ lat: 57.7, lon: 11.97 });
      expect(g.circle_radius).toBe(500);
      expect(g.geojson.type).toBe('Polygon');
      expect(g.geojson.coordinates[0].length).toBeGreaterThan(16);
      expect(g.created_at).toBe(g.updated_at);
      expect(g.ic_mode).toBeUndefined();
    });

    it('enforces the circle radius limit of 50000 m', async () => {
      expect((await gf.create(circle(10, 10, 50000))).status).toBe(200);
      const res = await gf.create(circle(10, 10, 50001));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('circle.radius: must be at most 50000');
    });

    it('requires the fields of the chosen type', async () => {
      const res = await gf.create({ type: 'circle', polygon: { geojson: square(0, 0, 1) } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^circle is required for type "circle"/);
      expect((await gf.create({ type: 'hexagon' })).body.message).toMatch(/^type: must be one of/);
    });

    it('accepts a GeoJSON polygon and the two-level ring form clients send', async () => {
      const three = await gf.create(polygon(square(11, 57, 0.1)));
      expect(three.status).toBe(200);
      const two = await gf.create(polygon({ type: 'Polygon', coordinates: square(11, 57, 0.1).coordinates[0] }));
      expect(two.status).toBe(200);
      const stored = (await gf.get(two.body.data.id)).body.data.geofence;
      expect(stored.geojson).toEqual(square(11, 57, 0.1));
    });

    it.each([
      [
        'open',
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        },
        /open|first.*last|closed/i,
      ],
      [
        'self-intersecting',
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [1, 0],
              [0, 1],
              [0, 0],
            ],
          ],
        },
        /self-intersect|intersect/i,
      ],
      ['with a hole', { type: 'Polygon', coordinates: [square(0, 0, 4).coordinates[0], square(1, 1, 1).coordinates[0]] }, /ring|hole/i],
      [
        'with too few positions',
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [0, 0],
            ],
          ],
        },
        /4 positions|at least 4/i,
      ],
      ['of 1,000,000 km2 or more', square(0, 0, 10), /area/i],
    ])('refuses a polygon %s with 422 saying which', async (_what, geojson, message) => {
      const res = await gf.create(polygon(geojson));
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(message);
    });

    it('refuses coordinates out of range with 400', async () => {
      const res = await gf.create(polygon(square(179.5, 10, 1)));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/longitude|range/i);
    });

    it('answers isochrones honestly without a road network', async () => {
      const res = await gf.create({ type: 'isochrone', isochrone: { coordinates: '57.7,11.97', contours_minute: 10 } });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/no road network covers 57.7,11.97/);
      const neither = await gf.create({ type: 'isochrone', isochrone: { coordinates: '57.7,11.97' } });
      expect(neither.status).toBe(400);
      expect(neither.body.message).toMatch(/contours_minute or contours_meter/);
      const tooLong = await gf.create({ type: 'isochrone', isochrone: { coordinates: '57.7,11.97', contours_minute: 41 } });
      expect(tooLong.body.message).toBe('isochrone.contours_minute: must be at most 40');
      const tooFar = await gf.create({ type: 'isochrone', isochrone: { coordinates: '57.7,11.97', contours_meter: 60001 } });
      expect(tooFar.body.message).toBe('isochrone.contours_meter: must be at most 60000');
    });

    it('accepts meta_data of exactly 65,536 bytes and refuses 65,537', async () => {
      const meta = (bytes: number) => ({ k: 'x'.repeat(bytes - 8) }); // {"k":"..."} is 8 bytes of framing
      expect(Buffer.byteLength(JSON.stringify(meta(65536)))).toBe(65536);
      expect((await gf.create(circle(1, 1, 10, { meta_data: meta(65536) }))).status).toBe(200);
      const res = await gf.create(circle(1, 1, 10, { meta_data: meta(65537) }));
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('meta_data');
    });

    it('refuses names and tags over 256 characters', async () => {
      expect((await gf.create(circle(1, 1, 10, { name: 'n'.repeat(257) }))).body.field).toBe('name');
      expect((await gf.create(circle(1, 1, 10, { tags: ['t'.repeat(257)] }))).body.field).toBe('tags[0]');
    });

    it('uses a custom_id and refuses a second create with it (409, no retry)', async () => {
      const id = `cid-${Date.now()}`;
      const first = await gf.create(circle(1, 1, 10, { custom_id: id }));
      expect(first.body.data.id).toBe(id);
      const again = await gf.create(circle(1, 1, 10, { custom_id: id }));
      expect(again.status).toBe(409);
      expect(again.headers['x-should-retry']).toBe('false');
      expect((await gf.create(circle(1, 1, 10, { custom_id: 'bad id!' }))).status).toBe(400);
    });
  });

  describe('batch create', () => {
    it('creates up to 100 and returns their ids in order', async () => {
      const items = Array.from({ length: 100 }, (_, i) => circle(1, 1, 10 + i, { custom_id: `b100-${Date.now()}-${i}` }));
      const res = await gf.batchCreate(items);
      expect(res.status).toBe(200);
      expect(res.body.data.ids).toEqual(items.map((i) => i.custom_id));
      const tooMany = await gf.batchCreate([...items, circle(1, 1, 1)]);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('geofences: must have at most 100 items');
    });

    it('is all or nothing: one bad item fails the call naming its index', async () => {
      const tag = `batch-${Date.now()}`;
      const res = await gf.batchCreate([
        circle(1, 1, 10, { tags: [tag] }),
        polygon(square(0, 0, 10), { tags: [tag] }),
        circle(1, 1, 10, { tags: [tag] }),
      ]);
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/^geofences\[1\]\.polygon/);
      expect((await gf.list({ tags: tag })).body.data.page.total).toBe(0);
      const schemaBad = await gf.batchCreate([circle(1, 1, 10), circle(1, 1, 99999)]);
      expect(schemaBad.body.message).toBe('geofences[1].circle.radius: must be at most 50000');
    });

    it('writes nothing when one id is taken', async () => {
      const taken = `taken-${Date.now()}`;
      await gf.create(circle(1, 1, 10, { custom_id: taken }));
      const fresh = `fresh-${Date.now()}`;
      const res = await gf.batchCreate([circle(1, 1, 10, { custom_id: fresh }), circle(1, 1, 10, { custom_id: taken })]);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^geofences\[1\]\.custom_id/);
      expect((await gf.get(fresh)).status).toBe(404);
      const dup = await gf.batchCreate([circle(1, 1, 10, { custom_id: 'same' }), circle(1, 1, 10, { custom_id: 'same' })]);
      expect(dup.status).toBe(400);
    });
  });

  describe('read many and list', () => {
    it('returns the found geofences in the order asked', async () => {
      const a = (await gf.create(circle(1, 1, 10))).body.data.id;
      const b = (await gf.create(circle(1, 1, 10))).body.data.id;
      const res = await gf.getMany(`${b},missing,${a}`);
      expect(res.status).toBe(200);
      expect(res.body.data.list.map((g: { id: string }) => g.id)).toEqual([b, a]);
    });

    it('walks pages of an all-of tag match exactly once while others are created', async () => {
      const tag = `walk-${Date.now()}`;
      const made = (await gf.batchCreate(Array.from({ length: 25 }, () => circle(2, 2, 10, { tags: [tag, 'x'] })))).body.data
        .ids as string[];
      await gf.create(circle(2, 2, 10, { tags: [tag] })); // lacks 'x': never listed
      const seen: string[] = [];
      let pn = 1;
      let page;
      do {
        const res = await gf.list({ tags: `${tag},x`, pn: String(pn), ps: '10' });
        expect(res.status).toBe(200);
        page = res.body.data.page;
        seen.push(...res.body.data.list.map((g: { id: string }) => g.id));
        await gf.create(circle(2, 2, 10, { tags: [tag, 'x'] })); // appears at the end of the walk
        pn++;
      } while (page.hasmore && pn < 20);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of made) expect(seen).toContain(id);
      expect((await gf.list({ tags: tag, ps: '101' })).status).toBe(400);
      const first = await gf.list({ tags: `${tag},x`, ps: '10' });
      expect(first.body.data.page).toMatchObject({ page: 1, size: 10, hasmore: true });
    });

    it('refuses a query value over 256 characters', async () => {
      const res = await gf.list({ tags: 't'.repeat(257) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('query.tags: must be at most 256 characters long');
    });
  });

  describe('update and delete', () => {
    it('updates labels without touching the boundary, and changes type with new geometry', async () => {
      const id = (await gf.create(circle(3, 3, 100, { name: 'old' }))).body.data.id;
      const before = (await gf.get(id)).body.data.geofence;
      await new Promise((r) => setTimeout(r, 1100));
      expect((await gf.update(id, { name: 'new', tags: ['t'] })).body).toEqual({ status: 'Ok' });
      const renamed = (await gf.get(id)).body.data.geofence;
      expect(renamed).toMatchObject({ name: 'new', tags: ['t'], circle_radius: 100 });
      expect(renamed.geojson).toEqual(before.geojson);
      expect(renamed.updated_at).toBeGreaterThan(before.updated_at);
      expect(renamed.created_at).toBe(before.created_at);
      const noGeometry = await gf.update(id, { type: 'polygon' });
      expect(noGeometry.status).toBe(400);
      expect((await gf.update(id, { type: 'polygon', polygon: { geojson: square(3, 3, 0.01) } })).status).toBe(200);
      const changed = (await gf.get(id)).body.data.geofence;
      expect(changed).toMatchObject({ type: 'polygon', name: 'new', geojson: square(3, 3, 0.01) });
      expect(changed.circle_center).toBeUndefined();
      expect((await gf.update(id, { circle: { center: { lat: 3, lon: 3 }, radius: 60000 } })).status).toBe(400);
    });

    it('completes a partial circle from the stored one (the client sends center or radius alone)', async () => {
      const id = (await gf.create(circle(4, 4, 100))).body.data.id;
      expect((await gf.update(id, { circle: { radius: 250 } })).status).toBe(200);
      expect((await gf.get(id)).body.data.geofence).toMatchObject({ circle_center: { lat: 4, lon: 4 }, circle_radius: 250 });
      expect((await gf.update(id, { circle: { center: { lat: 4.01 } } })).status).toBe(200);
      const moved = (await gf.get(id)).body.data.geofence;
      expect(moved).toMatchObject({ circle_center: { lat: 4.01, lon: 4 }, circle_radius: 250 });
      const inside = await gf.contain({ geofences: id, locations: '4.011,4|4,4' });
      expect(inside.body.data.result_list[0].result.map((r: { contain: boolean }) => r.contain)).toEqual([true, false]);
      // A polygon has no stored circle to complete a centre-only circle from.
      const poly = (await gf.create({ type: 'polygon', polygon: { geojson: square(4, 4, 0.01) } })).body.data.id;
      const missing = await gf.update(poly, { type: 'circle', circle: { center: { lat: 4, lon: 4 } } });
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('circle.radius');
    });

    it('404 for update and delete of a missing id', async () => {
      expect((await gf.update('nope', { name: 'x' })).status).toBe(404);
      expect((await gf.remove('nope')).status).toBe(404);
    });

    it('deletes one, answering lower-case ok', async () => {
      const id = (await gf.create(circle(1, 1, 10))).body.data.id;
      const res = await gf.remove(id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect((await gf.get(id)).status).toBe(404);
    });

    it('batch delete is all or nothing', async () => {
      const ids = (await gf.batchCreate([circle(1, 1, 10), circle(1, 1, 10)])).body.data.ids as string[];
      const res = await gf.batchRemove([...ids, 'ghost']);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/"ghost"/);
      expect((await gf.getMany(ids.join(','))).body.data.list).toHaveLength(2);
      expect((await gf.batchRemove(ids)).body).toEqual({ status: 'ok' });
      expect((await gf.getMany(ids.join(','))).body.data.list).toHaveLength(0);
    });
  });

  describe('contains', () => {
    it('tests points against circles and polygons, boundary inside, verbose adds records', async () => {
      const own = geofenceClient((await newOrgKey()).key);
      const c = (await own.create(circle(0, 0, 1000))).body.data.id;
      const p = (await own.create(polygon(square(10, 10, 1)))).body.data.id;
      const locations = ['0,0', '0.005,0', '0.01,0', '10.5,10.5', '10,10.5', '20,20'].join('|');
      const res = await own.contain({ geofences: `${c},${p}`, locations });
      expect(res.status).toBe(200);
      const [rc, rp] = res.body.data.result_list;
      expect(rc.geofence_id).toBe(c);
      expect(rc.result.map((r: { contain: boolean }) => r.contain)).toEqual([true, true, false, false, false, false]);
      expect(rp.result.map((r: { contain: boolean }) => r.contain)).toEqual([false, false, false, true, true, false]);
      expect(rp.result[4]).toEqual({ contain: true, location_index: 4 });
      expect(rc.geofence_detail).toBeUndefined();
      const verbose = await own.contain({ geofences: p, locations: '10.5,10.5', verbose: 'true' });
      expect(verbose.body.data.result_list[0].geofence_detail).toMatchObject({ id: p, type: 'polygon' });
      const all = await own.contain({ locations: '0,0' });
      expect(all.body.data.result_list.map((r: { geofence_id: string }) => r.geofence_id)).toEqual([c, p]);
    });

    it('answers every geofence of the key in creation order when only the nearby ones are read', async () => {
      const own = geofenceClient((await newOrgKey()).key);
      // More fences than lookup cells for one point, so the spatial index narrows the reads.
      const far = Array.from({ length: 10 }, (_, i) => circle(-30 + i, 100 + i, 500));
      const ids = (await own.batchCreate([circle(1, 1, 1000), ...far, circle(1.005, 1, 1000)])).body.data.ids as string[];
      const moved = (await own.create(circle(40, 40, 100))).body.data.id as string;
      expect((await own.update(moved, { circle: { center: { lat: 1, lon: 1.004 }, radius: 1000 } })).status).toBe(200);
      const res = await own.contain({ locations: '1,1|1.005,1|-20,-20' });
      expect(res.status).toBe(200);
      const list = res.body.data.result_list as Array<{ geofence_id: string; result: Array<{ contain: boolean }> }>;
      expect(list.map((r) => r.geofence_id)).toEqual([...ids, moved]);
      const inside = (id: string) => list.find((r) => r.geofence_id === id)!.result.map((r) => r.contain);
      expect(inside(ids[0])).toEqual([true, true, false]);
      expect(inside(ids[11])).toEqual([true, true, false]);
      expect(inside(moved)).toEqual([true, true, false]);
      for (const id of ids.slice(1, 11)) expect(inside(id)).toEqual([false, false, false]);
    });

    it('refuses more than 5000 pairs before any work, and unknown ids', async () => {
      const own = geofenceClient((await newOrgKey()).key);
      await own.batchCreate(Array.from({ length: 100 }, () => circle(1, 1, 10)));
      await own.create(circle(1, 1, 10));
      const points = (n: number) => Array.from({ length: n }, () => '1,1').join('|');
      const over = await own.contain({ locations: points(50) }); // 101 x 50 = 5050
      expect(over.status).toBe(400);
      expect(over.body.message).toMatch(/5050 pairs; at most 5000/);
      const under = await own.contain({ locations: points(49) }); // 101 x 49 = 4949
      expect(under.status).toBe(200);
      expect(under.body.data.result_list).toHaveLength(101);
      expect((await own.contain({ geofences: 'ghost', locations: '1,1' })).status).toBe(404);
      expect((await own.contain({ locations: '91,1' })).status).toBe(400);
    });
  });

  describe('isolation and access', () => {
    it('a namespaced key cannot see, list, change, delete or test the root space', async () => {
      process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
      const made = await invoke(createKey, { method: 'POST', query: { key: rootKey, namespace: 'tenant' } });
      process.env.WAYMARK_KEY_DELAY_SECONDS = '900';
      const tenant = geofenceClient(made.body.result.apikey);
      const tag = `iso-${Date.now()}`;
      const rootId = (await gf.create(circle(5, 5, 100, { tags: [tag] }))).body.data.id;
      expect((await tenant.get(rootId)).status).toBe(404);
      expect((await tenant.getMany(rootId)).body.data.list).toEqual([]);
      expect((await tenant.list({ tags: tag })).body.data.page.total).toBe(0);
      expect((await tenant.update(rootId, { name: 'hijack' })).status).toBe(404);
      expect((await tenant.remove(rootId)).status).toBe(404);
      expect((await tenant.contain({ geofences: rootId, locations: '5,5' })).status).toBe(404);
      const own = (await tenant.create(circle(5, 5, 100, { tags: [tag] }))).body.data.id;
      expect((await tenant.contain({ locations: '5,5' })).body.data.result_list.map((r: { geofence_id: string }) => r.geofence_id)).toEqual(
        [own],
      );
      expect((await gf.get(own)).status).toBe(404);
      expect((await gf.get(rootId)).body.data.geofence.name).toBeUndefined();
    });

    it('403 for a key without the geofence service', async () => {
      const { key } = await newOrgKey({ services: ['tracking'] });
      const res = await geofenceClient(key).get('anything');
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/geofence/);
    });
  });
});
