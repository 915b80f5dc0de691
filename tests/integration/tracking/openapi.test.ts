import { beforeAll, describe, expect, it } from 'vitest';
import { handler as bind } from '../../../functions/tracking/bind-device';
import { handler as createAsset } from '../../../functions/tracking/create-asset';
import { handler as deleteAsset } from '../../../functions/tracking/delete-asset';
import { handler as getAsset } from '../../../functions/tracking/get-asset';
import { handler as lastLocation } from '../../../functions/tracking/last-location';
import { handler as listAssets } from '../../../functions/tracking/list-assets';
import { handler as listLocations } from '../../../functions/tracking/list-locations';
import { handler as searchAround } from '../../../functions/tracking/search-around';
import { handler as searchBound } from '../../../functions/tracking/search-bound';
import { handler as searchPolygon } from '../../../functions/tracking/search-polygon';
import { handler as searchPolygonBody } from '../../../functions/tracking/search-polygon-body';
import { handler as updateAsset } from '../../../functions/tracking/update-asset';
import { handler as updateAttributes } from '../../../functions/tracking/update-attributes';
import { handler as uploadTrack } from '../../../functions/tracking/upload-track';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// Live tracking (assets, tracks, history, area search) against the OpenAPI
// document, under both prefixes.

const T0 = Date.now() - 600_000;
// Eastward along Kungsgatan, Gothenburg: on the demo road network, so map matching has roads.
const point = (i: number) => ({
  location: { lat: 57.7045, lon: 11.962 + i * 0.0004 },
  timestamp: T0 + i * 5000,
  accuracy: 5,
  speed: 8,
  bearing: 90,
  altitude: 12,
  battery_level: 80,
  meta_data: { i },
});

let key: string;
beforeAll(async () => {
  ({ key } = await newOrgKey());
});

describe.each(['/skynet', '/tracking'])('tracking contract under %s', (prefix) => {
  it('asset create, get, update, attributes, bind, list, delete', async () => {
    const id = `van${prefix.replace('/', '-')}`;
    const made = await call(createAsset, key, {
      method: 'POST',
      path: `${prefix}/asset`,
      body: {
        custom_id: id,
        name: 'Van',
        description: 'blue van',
        attributes: { fleet: 'a', depot: 'north' },
        meta_data: { plate: 'ABC123' },
      },
    });
    expect(made.data.id).toBe(id);
    const asset = { path: `${prefix}/asset/{id}`, params: { id } };
    const fresh = await call(getAsset, key, { method: 'GET', ...asset });
    expect(fresh.data.asset.latest_location).toBeNull();
    await call(updateAsset, key, {
      method: 'PUT',
      ...asset,
      body: { name: 'Van 2', description: 'red van', attributes: { fleet: 'a', depot: 'south' } },
    });
    await call(updateAttributes, key, {
      method: 'PUT',
      path: `${prefix}/asset/{id}/attributes`,
      params: { id },
      body: { attributes: { shift: 'night' } },
    });
    await call(bind, key, { method: 'POST', path: `${prefix}/asset/{id}/bind`, params: { id }, body: { device_id: 'gps-1' } });
    const listed = await call(listAssets, key, {
      method: 'GET',
      path: `${prefix}/asset/list`,
      query: { include_all_of_attributes: 'fleet:a', sort: 'updated_at:asc', pn: '1', ps: '10' },
    });
    expect(listed.data.list.map((a: { id: string }) => a.id)).toContain(id);
    await call(deleteAsset, key, { method: 'DELETE', ...asset });
  });

  it('track upload, last location, location list in every geometry form, area searches', async () => {
    const id = `truck${prefix.replace('/', '-')}`;
    await call(createAsset, key, {
      method: 'POST',
      path: `${prefix}/asset`,
      body: { custom_id: id, name: 'Truck', attributes: { fleet: 'b' } },
    });
    await call(bind, key, { method: 'POST', path: `${prefix}/asset/{id}/bind`, params: { id }, body: { device_id: `gps-${id}` } });
    const points = [0, 1, 2, 3, 4, 5].map(point);
    await call(uploadTrack, key, {
      method: 'POST',
      path: `${prefix}/asset/{id}/track`,
      params: { id },
      body: { device_id: `gps-${id}`, locations: points },
    });

    const last = await call(lastLocation, key, { method: 'GET', path: `${prefix}/asset/{id}/location/last`, params: { id } });
    expect(last.data.location.timestamp).toBe(points[5].timestamp);
    const history = { method: 'GET' as const, path: `${prefix}/asset/{id}/location/list`, params: { id } };
    const range = { start_time: String(T0 - 1), end_time: String(T0 + 60_000), pn: '1', ps: '100' };
    for (const geometry_type of ['polyline', 'polyline6', 'geojson']) {
      const page = await call(listLocations, key, { ...history, query: { ...range, geometry_type } });
      expect(page.data.list).toHaveLength(6);
    }
    const matched = await call(listLocations, key, {
      ...history,
      query: { ...range, geometry_type: 'geojson', correction: 'mapmatch=1,interpolate=1,mode=car' },
    });
    expect(matched.data.list).toHaveLength(6);

    const filter = { include_all_of_attributes: 'fleet:b' };
    const around = await call(searchAround, key, {
      method: 'GET',
      path: `${prefix}/search/around`,
      query: { center: '57.7045,11.964', radius: '1000', ...filter },
    });
    expect(around.data.assets.map((a: { id: string }) => a.id)).toContain(id);
    await call(searchBound, key, { method: 'GET', path: `${prefix}/search/bound`, query: { bound: '57.69,11.95|57.72,11.98', ...filter } });
    await call(searchPolygon, key, {
      method: 'GET',
      path: `${prefix}/search/polygon`,
      query: { polygon: '57.69,11.95|57.69,11.98|57.72,11.98|57.72,11.95|57.69,11.95', ...filter },
    });
    const inPolygon = await call(searchPolygonBody, key, {
      method: 'POST',
      path: `${prefix}/search/polygon`,
      body: {
        polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [11.95, 57.69],
              [11.98, 57.69],
              [11.98, 57.72],
              [11.95, 57.72],
              [11.95, 57.69],
            ],
          ],
        },
        match_filter: { include_all_of_attributes: { fleet: 'b' } },
        pn: 1,
        ps: 10,
      },
    });
    expect(inPolygon.data.assets.map((a: { id: string }) => a.id)).toContain(id);
  });
});
