import { beforeAll, describe, expect, it } from 'vitest';
import { handler as batchCreate } from '../../../functions/geofence/batch-create';
import { handler as batchDelete } from '../../../functions/geofence/batch-delete';
import { handler as contain } from '../../../functions/geofence/contain';
import { handler as create } from '../../../functions/geofence/create';
import { handler as remove } from '../../../functions/geofence/delete';
import { handler as get } from '../../../functions/geofence/get';
import { handler as getMany } from '../../../functions/geofence/get-many';
import { handler as list } from '../../../functions/geofence/list';
import { handler as update } from '../../../functions/geofence/update';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { handler as deleteKey } from '../../../functions/platform/delete-namespaced-key';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// Geofences (records and containment) against the OpenAPI document.

const ring = (lon: number, lat: number, d: number) => [
  [
    [lon, lat],
    [lon + d, lat],
    [lon + d, lat + d],
    [lon, lat + d],
    [lon, lat],
  ],
];

let key: string;
beforeAll(async () => {
  ({ key } = await newOrgKey());
});

describe('geofence contract', () => {
  it('create, batch create, get, get multiple, list, contains, update, delete, batch delete', async () => {
    const circle = await call(create, key, {
      method: 'POST',
      path: '/geofence',
      body: {
        type: 'circle',
        name: 'depot',
        tags: ['c1', 'depots'],
        meta_data: { owner: 'ops' },
        circle: { center: { lat: 57.7, lon: 11.97 }, radius: 500 },
      },
    });
    const made = await call(batchCreate, key, {
      method: 'POST',
      path: '/geofence/batch',
      body: {
        geofences: [
          {
            type: 'polygon',
            custom_id: 'zone-a',
            name: 'zone a',
            tags: ['c1'],
            polygon: { geojson: { type: 'Polygon', coordinates: ring(11.9, 57.65, 0.1) } },
          },
          { type: 'circle', custom_id: 'zone-b', circle: { center: { lat: 57.71, lon: 11.98 }, radius: 1000 } },
        ],
      },
    });
    expect(made.data.ids).toEqual(['zone-a', 'zone-b']);

    const one = await call(get, key, { method: 'GET', path: '/geofence/{id}', params: { id: circle.data.id } });
    expect(one.data.geofence).toMatchObject({ id: circle.data.id, type: 'circle', circle_radius: 500 });
    await call(getMany, key, { method: 'GET', path: '/geofence/batch', query: { ids: `zone-a,zone-b,${circle.data.id}` } });
    const listed = await call(list, key, { method: 'GET', path: '/geofence/list', query: { tags: 'c1', pn: '1', ps: '10' } });
    expect(listed.data.list).toHaveLength(2);

    for (const verbose of ['true', 'false']) {
      const inside = await call(contain, key, {
        method: 'GET',
        path: '/geofence/contain',
        query: { locations: '57.7,11.97|57.0,11.0', geofences: `zone-a,${circle.data.id}`, verbose },
      });
      expect(inside.data.result_list[0].result).toEqual([
        { contain: true, location_index: 0 },
        { contain: false, location_index: 1 },
      ]);
    }

    await call(update, key, {
      method: 'PUT',
      path: '/geofence/{id}',
      params: { id: 'zone-b' },
      body: { name: 'renamed', tags: ['x'], circle: { center: { lat: 57.72, lon: 11.98 }, radius: 800 } },
    });
    await call(remove, key, { method: 'DELETE', path: '/geofence/{id}', params: { id: circle.data.id } });
    await call(batchDelete, key, { method: 'DELETE', path: '/geofence/batch', body: { ids: ['zone-a', 'zone-b'] } });
  });
});

describe('namespaced key contract', () => {
  for (const prefix of ['', '/skynet']) {
    it(`create and delete under "${prefix || '/'}"`, async () => {
      const path = `${prefix}/namespaced-apikeys`;
      const made = await call(createKey, key, { method: 'POST', path, query: { namespace: 'fleet-a' }, body: {} });
      await call(deleteKey, key, { method: 'DELETE', path, query: { namespace: 'fleet-a', key_to_delete: made.result.apikey } });
    });
  }
});
