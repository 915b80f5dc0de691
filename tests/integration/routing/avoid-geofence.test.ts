import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversine } from '../../../shared/roads';
import { Client } from '../compat/client';
import { inProcessFetch } from '../compat/in-process';
import { newOrgKey } from '../support/keys';
import { gothenburgClient, refused, releaseNetworks } from './client-session';
import type * as T from './client-types';

// avoid=geofence_id:<id> through the real handlers on the Gothenburg demo network: geofences
// stored with the geofence API (circle, polygon, isochrone) are areas no route or matrix path
// enters; an id the caller's key does not own is a 404, as an unknown one is.

const haga = '57.69870,11.95630';
const korsvagen = '57.69680,11.98900';

let client: Client;

beforeAll(async () => ({ client } = await gothenburgClient()));
afterAll(releaseNetworks);

/** The route's vertices as [lat, lon]. */
async function path(params: Partial<T.DirectionComputeRouteParams> = {}) {
  const answer = await client.post<T.DirectionComputeRouteResponse>('/directions/json', {
    origin: haga,
    destination: korsvagen,
    geometry: 'geojson',
    ...params,
  });
  const coords = (answer.route!.geojson!.geometry!.coordinates as unknown as number[][]).map(([lon, lat]) => [lat, lon] as const);
  return { route: answer.route!, coords };
}

const nearest = (coords: ReadonlyArray<readonly [number, number]>, lat: number, lon: number) =>
  Math.min(...coords.map(([a, b]) => haversine(a, b, lat, lon)));

describe('avoid=geofence_id', () => {
  it('routes around a stored circle and polygon, and the matrix agrees', async () => {
    const plain = await path();
    const [lat, lon] = plain.coords[Math.floor(plain.coords.length / 2)];
    const circle = await client.post<{ data: { id: string } }>('/geofence', {
      type: 'circle',
      circle: { center: { lat, lon }, radius: 120 },
    });
    const around = await path({ avoid: `geofence_id:${circle.data.id}` });
    expect(nearest(plain.coords, lat, lon)).toBeLessThan(1);
    expect(nearest(around.coords, lat, lon)).toBeGreaterThan(110);
    expect(around.route.duration!).toBeGreaterThan(plain.route.duration!);

    const d = 0.002;
    const square = [
      [lon - d, lat - d],
      [lon + d, lat - d],
      [lon + d, lat + d],
      [lon - d, lat + d],
      [lon - d, lat - d],
    ];
    const polygon = await client.post<{ data: { id: string } }>('/geofence', {
      type: 'polygon',
      custom_id: 'avoid-square',
      polygon: { geojson: { type: 'Polygon', coordinates: [square] } },
    });
    expect(polygon.data.id).toBe('avoid-square');
    const both = await path({ avoid: `toll|geofence_id:${circle.data.id}|geofence_id:avoid-square` });
    expect(both.coords.some(([a, b]) => Math.abs(a - lat) < d && Math.abs(b - lon) < d)).toBe(false);

    const matrix = await client.get<T.JsonRetrieveResponse>('/distancematrix/json', {
      origins: haga,
      destinations: korsvagen,
      avoid: `geofence_id:${circle.data.id}`,
    });
    expect(Math.abs(matrix.rows![0].elements![0].duration! - around.route.duration!)).toBeLessThanOrEqual(1);
  });

  it('routes around an isochrone geofence', async () => {
    const plain = await path();
    const [lat, lon] = plain.coords[Math.floor(plain.coords.length / 2)];
    const made = await client.post<{ data: { id: string } }>('/geofence', {
      type: 'isochrone',
      isochrone: { coordinates: `${lat},${lon}`, contours_meter: 150 },
    });
    const around = await path({ avoid: `geofence_id:${made.data.id}` });
    expect(nearest(around.coords, lat, lon)).toBeGreaterThan(50);
  });

  it('answers 404 naming avoid for an unknown id and for a geofence of another key', async () => {
    const unknown = await refused(client.post('/directions/json', { origin: haga, destination: korsvagen, avoid: 'geofence_id:nowhere' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ field: 'avoid', message: `avoid: no geofence "nowhere" among this key's geofences` });

    const other = new Client({ baseURL: 'http://waymark.test', apiKey: (await newOrgKey()).key, fetch: inProcessFetch, maxRetries: 0 });
    await other.post('/geofence', { type: 'circle', custom_id: 'theirs', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 100 } });
    const theirs = await refused(
      client.get('/distancematrix/json', { origins: haga, destinations: korsvagen, avoid: 'geofence_id:theirs' }),
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ field: 'query.avoid', message: `query.avoid: no geofence "theirs" among this key's geofences` });
  });
});
