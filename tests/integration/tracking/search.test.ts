import { beforeAll, describe, expect, it } from 'vitest';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from './api';

const DAY = 86400_000;
const C = { lat: 52.52, lon: 13.405 };
const ids = (res: { body: any }) => res.body.data.assets.map((a: { id: string }) => a.id);

async function place(
  api: TrackingApi,
  id: string,
  at: { lat: number; lon: number },
  ageMs: number,
  attributes: Record<string, string> = {},
) {
  if ((await api.get(id)).status === 404) {
    await api.create({ custom_id: id, attributes });
    await api.bind(id, `dev-${id}`);
  }
  const res = await api.track(id, { device_id: `dev-${id}`, locations: [{ location: at, timestamp: Date.now() - ageMs }] });
  expect(res.status).toBe(200);
}

describe('tracking search', () => {
  let api: TrackingApi;
  beforeAll(async () => {
    api = trackingApi((await newOrgKey()).key);
    await Promise.all([
      place(api, 's-near', C, 60_000, { type: 'bike' }),
      place(api, 's-mid', { lat: 52.5245, lon: 13.405 }, 60_000, { type: 'car' }),
      place(api, 's-far', { lat: 52.538, lon: 13.405 }, 60_000, { type: 'car' }),
      place(api, 's-old', { lat: 52.5201, lon: 13.4051 }, 8 * DAY, { type: 'bike' }),
      place(api, 's-6d', { lat: 52.5202, lon: 13.4052 }, 6 * DAY, { type: 'bike' }),
      place(api, 's-unbound-area', { lat: 10, lon: 10 }, 60_000),
    ]);
  });

  it('around: active assets within the radius, nearest first, with ranking_info', async () => {
    const res = await api.around({ center: `${C.lat},${C.lon}`, radius: '1000' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Ok');
    expect(typeof res.body.msg).toBe('string');
    expect(ids(res)).toEqual(['s-near', 's-6d', 's-mid']);
    const [a, b, c] = res.body.data.assets;
    expect(a.ranking_info).toEqual({ index: 0, distance: 0 });
    expect(b.ranking_info.index).toBe(1);
    expect(b.ranking_info.distance).toBeGreaterThan(15);
    expect(b.ranking_info.distance).toBeLessThan(40);
    expect(c.ranking_info.distance).toBeGreaterThan(495);
    expect(c.ranking_info.distance).toBeLessThan(505);
    expect(a).toMatchObject({ id: 's-near', device_id: 'dev-s-near', state: 'active', attributes: { type: 'bike' } });
    expect(a.latest_location.location).toEqual(C);
    expect(res.body.data.page).toEqual({ total: 3, offset: 0, page: 1, size: 20, hasmore: false });
  });

  it('the 7-day activity cut: an asset whose latest location is older is not returned', async () => {
    const res = await api.around({ center: `${C.lat},${C.lon}`, radius: '100' });
    expect(ids(res)).toEqual(['s-near', 's-6d']);
    expect((await api.get('s-old')).body.data.asset.state).toBe('inactive');
    // A fresh point brings it back.
    await place(api, 's-old', { lat: 52.5201, lon: 13.4051 }, 1000);
    expect(ids(await api.around({ center: `${C.lat},${C.lon}`, radius: '100' }))).toEqual(['s-near', 's-old', 's-6d']);
  });

  it('around: pages and attribute filters', async () => {
    const p2 = await api.around({ center: `${C.lat},${C.lon}`, radius: '5000', ps: '2', pn: '2' });
    expect(p2.body.data.page).toEqual({ total: 5, offset: 2, page: 2, size: 2, hasmore: true });
    expect(p2.body.data.assets.map((a: any) => a.ranking_info.index)).toEqual([2, 3]);
    expect(ids(await api.around({ center: `${C.lat},${C.lon}`, radius: '5000', include_all_of_attributes: 'type:car' }))).toEqual([
      's-mid',
      's-far',
    ]);
    expect(ids(await api.around({ center: `${C.lat},${C.lon}`, radius: '5000', include_any_of_attributes: 'type:car|type:none' }))).toEqual(
      ['s-mid', 's-far'],
    );
  });

  it('bound and polygon (GET pipe form and POST GeoJSON forms)', async () => {
    const inBox = ['s-6d', 's-mid', 's-near', 's-old'];
    const bound = await api.bound({ bound: '52.515,13.40|52.53,13.41' });
    expect(bound.status).toBe(200);
    expect(ids(bound)).toEqual(inBox);
    expect(bound.body.data.assets[0].ranking_info).toEqual({ index: 0 });

    const ring = [
      [52.515, 13.4],
      [52.515, 13.41],
      [52.53, 13.41],
      [52.53, 13.4],
      [52.515, 13.4],
    ];
    const poly = await api.polygon({ polygon: ring.map(([la, lo]) => `${la},${lo}`).join('|'), include_all_of_attributes: 'type:bike' });
    expect(poly.status).toBe(200);
    expect(ids(poly)).toEqual(['s-6d', 's-near', 's-old']);

    const lonLat = ring.map(([la, lo]) => [lo, la]);
    const geo = await api.polygonBody({
      polygon: { type: 'Polygon', coordinates: [lonLat] },
      match_filter: { include_all_of_attributes: { type: 'car' } },
    });
    expect(geo.status).toBe(200);
    expect(ids(geo)).toEqual(['s-mid']);
    const twoLevels = await api.polygonBody({ polygon: { type: 'Polygon', coordinates: lonLat } });
    expect(ids(twoLevels)).toEqual(inBox);
    const flat = await api.polygonBody({ polygon: { type: 'Polygon', coordinates: lonLat.flat() }, ps: 2 });
    expect(ids(flat)).toEqual(inBox.slice(0, 2));
    expect(flat.body.data.page.total).toBe(4);
  });

  it('refuses bound and polygon areas over 3000 km2, and bad input, with 400', async () => {
    const big = await api.bound({ bound: '52,13|53,14' });
    expect(big.status).toBe(400);
    expect(big.body.field).toBe('query.bound');
    expect(big.body.message).toMatch(/3000 km2/);
    const bigPoly = await api.polygon({ polygon: '52,13|52,14|53,14|53,13|52,13' });
    expect(bigPoly.status).toBe(400);
    const bigBody = await api.polygonBody({
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [13, 52],
            [14, 52],
            [14, 53],
            [13, 53],
            [13, 52],
          ],
        ],
      },
    });
    expect(bigBody.status).toBe(400);
    expect(bigBody.body.message).toMatch(/3,?000 km2/);
    // Just under the limit is accepted (about 2,900 km2).
    expect((await api.bound({ bound: '52,13|52.45,13.65' })).status).toBe(200);
    expect((await api.around({ center: '95,13', radius: '100' })).status).toBe(400);
    expect((await api.around({ center: '52,13', radius: '-1' })).status).toBe(400);
    expect((await api.around({ center: '52,13' })).status).toBe(400);
    expect((await api.bound({ bound: '52.53,13.41|52.515,13.40' })).status).toBe(400);
    expect((await api.polygonBody({})).status).toBe(400);
  });

  it('follows an asset across partitions and reflects attribute changes and deletion', async () => {
    await place(api, 's-move', { lat: 52.521, lon: 13.406 }, 5000, { type: 'van' });
    const munich = { lat: 48.137, lon: 11.575 };
    expect(ids(await api.around({ center: '52.521,13.406', radius: '50' }))).toContain('s-move');
    await place(api, 's-move', munich, 1000);
    expect(ids(await api.around({ center: '52.521,13.406', radius: '50' }))).not.toContain('s-move');
    expect(ids(await api.around({ center: `${munich.lat},${munich.lon}`, radius: '50' }))).toEqual(['s-move']);

    await api.attributes('s-move', { type: 'truck' });
    expect(ids(await api.around({ center: `${munich.lat},${munich.lon}`, radius: '50', include_all_of_attributes: 'type:truck' }))).toEqual(
      ['s-move'],
    );

    expect((await api.remove('s-move')).body).toEqual({ status: 'Ok' });
    expect(ids(await api.around({ center: `${munich.lat},${munich.lon}`, radius: '50' }))).toEqual([]);
    expect((await api.get('s-move')).status).toBe(404);
    // Re-created with the same id: no history, no location left over.
    await api.create({ custom_id: 's-move' });
    expect((await api.locations('s-move')).body.data.page.total).toBe(0);
    expect((await api.last('s-move')).body).toEqual({ status: 'Ok', data: {} });
  });
});
