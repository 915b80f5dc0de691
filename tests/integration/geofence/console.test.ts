import { beforeAll, describe, expect, it } from 'vitest';
import { handler as create } from '../../../functions/geofence/create';
import { handler as preview } from '../../../functions/geofence/console-preview';
import { handler as search } from '../../../functions/geofence/console-search';
import { handler as list } from '../../../functions/geofence/list';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// Geofence console preview and search through their handlers on DynamoDB Local, against the
// OpenAPI document and the client's shapes ({data{geojson}}, {data{result[{id, name}]}}).

let key: string;
beforeAll(async () => {
  ({ key } = await newOrgKey());
});

const circle = { type: 'circle', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 500 } };

describe('POST /geofence/console/preview', () => {
  it('answers the polygon a create would store, and stores nothing', async () => {
    const shown = await call(preview, key, { method: 'POST', path: '/geofence/console/preview', body: { ...circle, name: 'Depot' } });
    expect(shown.data.geojson.type).toBe('Polygon');
    expect(shown.data.geojson.coordinates[0]).toHaveLength(65);
    const made = await call(create, key, { method: 'POST', path: '/geofence', body: { ...circle, name: 'Depot' } });
    const listed = await call(list, key, { method: 'GET', path: '/geofence/list' });
    expect(listed.data.list.map((g: { id: string }) => g.id)).toEqual([made.data.id]);
    expect(listed.data.list[0].geojson).toEqual(shown.data.geojson);
  });

  it('refuses what a create refuses, with the same status', async () => {
    const bad = await invoke(preview, {
      method: 'POST',
      path: '/geofence/console/preview',
      query: { key },
      body: { type: 'circle', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 60_000 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('circle.radius');
    const open = await invoke(preview, {
      method: 'POST',
      path: '/geofence/console/preview',
      query: { key },
      body: {
        type: 'polygon',
        polygon: {
          geojson: {
            type: 'Polygon',
            coordinates: [
              [
                [11, 57],
                [12, 57],
                [12, 58],
                [11.5, 58.5],
              ],
            ],
          },
        },
      },
    });
    expect(open.status).toBe(422);
  });
});

describe('GET /geofence/console/search', () => {
  it('matches name or id, exact first, within the key space only', async () => {
    const { key: own } = await newOrgKey();
    const made = async (body: Record<string, unknown>) =>
      (await call(create, own, { method: 'POST', path: '/geofence', body: { ...circle, ...body } })).data.id as string;
    const north = await made({ name: 'Harbour North' });
    const harbour = await made({ name: 'harbour' });
    const byId = await made({ custom_id: 'harbour-gate' });
    await made({ name: 'Airport' });
    const found = await call(search, own, { method: 'GET', path: '/geofence/console/search', query: { query: 'Harbour' } });
    expect(found.data.result).toEqual([
      { id: harbour, name: 'harbour' },
      { id: north, name: 'Harbour North' },
      { id: byId, name: '' },
    ]);
    const other = await call(search, key, { method: 'GET', path: '/geofence/console/search', query: { query: 'Harbour' } });
    expect(other.data.result).toEqual([]);
    const empty = await invoke(search, { method: 'GET', path: '/geofence/console/search', query: { key: own, query: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('query.query');
  });
});
