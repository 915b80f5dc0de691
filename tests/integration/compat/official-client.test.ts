import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedStack, type SharedStack } from '../support/shared-stack';
import { runCli } from '../support/stack';
import { APIError, Client } from './client';

// An existing client's session against the real stack over HTTP: the wire traffic
// of the commercial API's official client in, every service's response shapes out.

const problem = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/optimization/gothenburg-demo.json'), 'utf8'));
const ring = [
  [11.95, 57.7],
  [11.98, 57.7],
  [11.98, 57.72],
  [11.95, 57.72],
  [11.95, 57.7],
];
const page = {
  total: expect.any(Number),
  offset: expect.any(Number),
  page: expect.any(Number),
  size: expect.any(Number),
  hasmore: expect.any(Boolean),
};
const tracking = { cluster: 'america' };

describe('an existing client pointed at Waymark', () => {
  let stack: SharedStack;
  let client: Client;

  beforeAll(async () => {
    stack = await sharedStack();
    client = new Client({ baseURL: stack.baseUrl, apiKey: stack.apiKey });
  }, 300_000);

  it('manages geofences with the client-typed shapes', async () => {
    // Two-level ring: the form the client's types force.
    const created = await client.post('/geofence', {
      type: 'polygon',
      custom_id: 'gbg-centrum',
      name: 'Centrum',
      tags: ['city', 'demo'],
      polygon: { geojson: { type: 'Polygon', coordinates: ring } },
    });
    expect(created).toEqual({ status: 'Ok', data: { id: 'gbg-centrum' } });
    const batch = await client.post('/geofence/batch', {
      geofences: [
        { type: 'circle', custom_id: 'harbour', circle: { center: { lat: 57.705, lon: 11.94 }, radius: 800 }, tags: ['demo'] },
        { type: 'circle', circle: { center: { lat: 57.69, lon: 11.95 }, radius: 300 }, meta_data: { zone: 'south' } },
      ],
    });
    expect(batch.status).toBe('Ok');
    expect(batch.data.ids).toHaveLength(2);

    const got = await client.get(Client.path`/geofence/${'gbg-centrum'}`);
    expect(got.status).toBe('Ok');
    expect(got.data.geofence).toMatchObject({
      id: 'gbg-centrum',
      name: 'Centrum',
      type: 'polygon',
      tags: ['city', 'demo'],
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(got.data.geofence.geojson).toEqual({ type: 'Polygon', coordinates: [ring] });

    // On update the client puts the ring under polygon.geojson.geometry.
    expect(
      await client.put(Client.path`/geofence/${'gbg-centrum'}`, {
        name: 'Centrum 2',
        polygon: { geojson: { geometry: { type: 'Polygon', coordinates: [ring] } } },
      }),
    ).toEqual({ status: 'Ok' });

    const listed = await client.get('/geofence/batch', { ids: ['gbg-centrum', 'harbour'] });
    expect(listed.data.list.map((g: { id: string }) => g.id).sort()).toEqual(['gbg-centrum', 'harbour']);
    const harbour = listed.data.list.find((g: { id: string }) => g.id === 'harbour');
    expect(harbour).toMatchObject({
      type: 'circle',
      circle_center: { lat: 57.705, lon: 11.94 },
      circle_radius: 800,
      geojson: { type: 'Polygon' },
    });

    const byTag = await client.get('/geofence/list', { tags: ['demo'], pn: 1, ps: 10 });
    expect(byTag.data.page).toEqual(page);
    expect(byTag.data.list.map((g: { id: string }) => g.id).sort()).toEqual(['gbg-centrum', 'harbour']);

    const contain = await client.get('/geofence/contain', {
      locations: '57.71,11.96|57.0,11.0',
      geofences: ['gbg-centrum'],
      verbose: true,
    });
    expect(contain.data.result_list).toEqual([
      {
        geofence_id: 'gbg-centrum',
        geofence_detail: expect.objectContaining({ id: 'gbg-centrum', name: 'Centrum 2' }),
        result: [
          { contain: true, location_index: 0 },
          { contain: false, location_index: 1 },
        ],
      },
    ]);

    expect(await client.delete('/geofence/batch', {}, { ids: batch.data.ids })).toEqual({ status: 'ok' });
    expect(await client.delete(Client.path`/geofence/${'gbg-centrum'}`)).toEqual({ status: 'ok' });
    await expect(client.get(Client.path`/geofence/${'harbour'}`)).rejects.toMatchObject({ status: 404 });
  });

  it('sends what the official client sends: encoded query lists and booleans, no body or content type on GET', () => {
    const contain = client.sent.find((r) => r.url.includes('/geofence/contain'))!;
    expect(contain.url).toContain('locations=57.71%2C11.96%7C57.0%2C11.0');
    expect(contain.url).toContain('verbose=true');
    expect(contain.headers['Content-Type']).toBeUndefined();
    expect(contain.body).toBeUndefined();
    expect(client.sent.find((r) => r.url.includes('/geofence/batch?ids='))!.url).toContain('ids=gbg-centrum%2Charbour');
    const batchDelete = client.sent.find((r) => r.method === 'DELETE' && r.url.includes('/geofence/batch'))!;
    expect(JSON.parse(batchDelete.body!).ids).toHaveLength(2);
    expect(contain.headers['X-Stainless-Lang']).toBe('js');
  });

  it('gets 409 with x-should-retry: false for a repeated custom_id, so the client does not retry it', async () => {
    const body = { type: 'circle', custom_id: 'depot', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 100 } };
    expect(await client.post('/geofence', body)).toEqual({ status: 'Ok', data: { id: 'depot' } });
    const before = client.sent.length;
    const error = (await client.post('/geofence', body).catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(409);
    expect(error.headers.get('x-should-retry')).toBe('false');
    expect((error.body as { message: string }).message).toMatch(/custom_id/);
    expect(client.sent.length - before).toBe(1);
  });

  it('creates a namespaced key with an empty JSON body and reads both expiry names', async () => {
    const created = await client.post('/namespaced-apikeys', {}, { namespace: 'fleet-a' });
    expect(client.sent.at(-1)!.body).toBe('{}');
    expect(created).toEqual({
      status: 200,
      result: {
        apikey: expect.any(String),
        namespace: 'fleet-a',
        expired_at: 0,
        expires_at: 0,
        sub_id: expect.any(Number),
        created_at: expect.any(Number),
      },
    });
  });

  it('tracks an asset with cluster=america and single-object locations', async () => {
    expect(await client.post('/skynet/asset', { custom_id: 'truck 7', name: 'Truck 7', attributes: { depot: 'north' } }, tracking)).toEqual(
      { status: 'Ok', data: { id: 'truck 7' } },
    );
    const path = Client.path`/skynet/asset/${'truck 7'}`;
    expect(client.sent.at(-1)!.url).toContain('cluster=america');
    await client.post(`${path}/bind`, { device_id: 'dev-7' }, tracking);
    const now = Date.now();
    await client.post(
      `${path}/track`,
      { device_id: 'dev-7', locations: { location: { lat: 57.705, lon: 11.96 }, timestamp: now - 2000, speed: 4 } },
      tracking,
    );
    await client.post(
      `${path}/track`,
      { device_id: 'dev-7', locations: [{ location: { lat: 57.71, lon: 11.965 }, timestamp: now - 1000, speed: 5, bearing: 40 }] },
      tracking,
    );

    const asset = await client.get(path, tracking);
    expect(Object.keys(asset.data.asset)).toEqual(
      expect.arrayContaining([
        'id',
        'device_id',
        'state',
        'name',
        'attributes',
        'created_at',
        'updated_at',
        'tracked_at',
        'latest_location',
      ]),
    );
    expect(asset.data.asset).toMatchObject({ id: 'truck 7', device_id: 'dev-7', attributes: { depot: 'north' } });
    const last = await client.get(`${path}/location/last`, tracking);
    expect(last.data.location).toMatchObject({ location: { lat: 57.71, lon: 11.965 }, timestamp: now - 1000, speed: 5 });
    const track = await client.get(`${path}/location/list`, {
      ...tracking,
      start_time: now - 60_000,
      end_time: now,
      geometry_type: 'geojson',
    });
    expect(track.data).toMatchObject({
      page,
      distance: expect.any(Number),
      geojson: { type: 'Feature', geometry: { type: 'LineString' } },
    });
    expect(track.data.list).toHaveLength(2);

    const list = await client.get('/skynet/asset/list', { ...tracking, include_all_of_attributes: 'depot:north', sort: 'created_at:desc' });
    expect(client.sent.at(-1)!.url).toContain('include_all_of_attributes=depot%3Anorth');
    expect(list.data.list.map((a: { id: string }) => a.id)).toEqual(['truck 7']);

    const around = await client.get('/skynet/search/around', { ...tracking, center: '57.71,11.965', radius: 500 });
    expect(around).toMatchObject({ status: 'Ok', msg: expect.any(String), data: { page } });
    expect(around.data.assets[0]).toMatchObject({ id: 'truck 7', ranking_info: { index: 0, distance: expect.any(Number) } });
    // Polygon search coordinates as the flat number list the client's types carry.
    const flat = ring.flat();
    const inside = await client.post('/skynet/search/polygon', { polygon: { type: 'Polygon', coordinates: flat } }, tracking);
    expect(inside.data.assets.map((a: { id: string }) => a.id)).toEqual(['truck 7']);
  });

  it('creates a monitor and lists its events', async () => {
    await client.post('/geofence', {
      type: 'polygon',
      custom_id: 'centrum',
      polygon: { geojson: { type: 'Polygon', coordinates: [ring] } },
    });
    const monitor = await client.post(
      '/skynet/monitor',
      {
        type: 'enter_and_exit',
        custom_id: 'centrum-watch',
        name: 'Centrum',
        tags: ['demo'],
        geofence_config: { geofence_ids: ['centrum'] },
      },
      tracking,
    );
    expect(monitor).toEqual({ status: 'Ok', data: { id: 'centrum-watch' } });
    const events = await client.get(Client.path`/skynet/asset/${'truck 7'}/event/list`, tracking);
    expect(events.data).toMatchObject({ list: expect.any(Array), page });
  });

  it('submits an optimization problem and reads the result', async () => {
    const submitted = await client.post('/optimization/v2', problem);
    expect(submitted).toEqual({ id: expect.any(String), message: expect.any(String), status: 'Ok', warnings: [] });
    let result: any;
    for (let i = 0; i < 60; i++) {
      result = await client.get('/optimization/v2/result', { id: submitted.id });
      if (result.result?.routes || result.status === 'Error') break;
      expect(result).toMatchObject({ status: 'Ok', message: 'Job still processing' });
      await new Promise((done) => setTimeout(done, 500));
    }
    expect(result).toMatchObject({
      description: problem.description,
      request_created_time: expect.any(Number),
      solution_created_time: expect.any(Number),
      status: 'Ok',
    });
    expect(Object.keys(result.result.summary).sort()).toEqual([
      'cost',
      'delivery',
      'distance',
      'duration',
      'pickup',
      'priority',
      'routes',
      'service',
      'setup',
      'unassigned',
      'waiting_time',
    ]);
    expect(result.result).toMatchObject({ code: 0, unassigned: [] });
    const route = result.result.routes[0];
    expect(route).toMatchObject({
      vehicle: expect.any(Number),
      cost: expect.any(Number),
      duration: expect.any(Number),
      distance: expect.any(Number),
      steps: expect.any(Array),
    });
    expect(route.steps[0]).toMatchObject({
      type: 'start',
      arrival: expect.any(Number),
      location: [expect.any(Number), expect.any(Number)],
      location_index: 0,
    });
    expect(route.steps[0].id).toBeUndefined();
    expect(route.steps[1]).toMatchObject({ type: 'job', id: expect.any(Number), load: expect.any(Array) });
    expect(route.steps.at(-1).type).toBe('end');
  });

  it('searches places and manages a custom place with percent-encoded ids', async () => {
    const found = await client.post('/multigeocode/search', { query: 'Göteborg', at: { lat: 57.7, lng: 11.97 }, limit: 3 });
    expect(found.entities[0]).toMatchObject({
      docId: expect.any(String),
      place: [expect.objectContaining({ geopoint: { lat: expect.any(Number), lng: expect.any(Number) }, city: 'Göteborg' })],
      dataSource: { source: expect.any(String), refId: expect.any(String), status: 'enable' },
      score: expect.any(Number),
    });
    const place = {
      place: [{ geopoint: { lat: 57.7001, lng: 11.9702 }, country: 'SWE', city: 'Göteborg', poi: { title: 'Waymark demo depot' } }],
      dataSource: { source: 'demo', refId: 'depot-1', status: 'enable' },
      score: 90,
    };
    const { docId } = await client.post('/multigeocode/place', place);
    const path = Client.path`/multigeocode/place/${docId}`;
    expect(await client.get(path)).toMatchObject({
      docId,
      place: [expect.objectContaining({ poi: { title: 'Waymark demo depot' } })],
      dataSource: place.dataSource,
      score: 90,
    });
    expect(await client.delete(path)).toEqual({ status: 200, msg: 'Ok' });
  });

  it('routes with GET as with POST, navigates, reports and lists segments on the demo network', async () => {
    const trip = { origin: '57.70891,11.97462', destination: '57.69680,11.98900', steps: true };
    const posted = await client.post('/directions/json', trip);
    expect(await client.get('/directions/json', trip)).toEqual(posted);
    const nav = await client.get('/navigation/json', { origin: trip.origin, destination: trip.destination });
    expect(nav.routes[0].distance).toBe(posted.route.distance);
    expect(nav.routes[0].legs[0].steps[0].maneuver.instruction).toMatch(/^Head /);
    const report = await client.post('/route_report', { original_shape: posted.route.geometry, original_shape_type: 'polyline' });
    expect(report.mileage[0].summary.country).toEqual({ Sweden: expect.any(Number) });
    expect(report.road_summary[0].summary.distance).toBeGreaterThan(0);
    const segments = await client.post('/map/segments', undefined);
    expect(segments.networks.map((n: { name: string }) => n.name)).toContain('gothenburg');
  });

  it('answers discover, browse and postal codes over what the demo data holds', async () => {
    // the demo network is road ways only: the town from the gazetteer, no POIs, no postal codes
    const discovered = await client.get('/discover', { q: 'Göteborg', at: '57.70,11.97' });
    expect(discovered.items.some((i: { id: string }) => i.id.startsWith('gn:'))).toBe(true);
    expect(await client.get('/browse', { at: '57.70,11.97', categories: 'cafe' })).toEqual({ items: [] });
    const postal = await client.post('/postalcode', { postalcode: '41106', country: 'SE' });
    expect(postal.places).toBeUndefined();
    expect(postal.warning).toHaveLength(1);
  });

  it('retries a 429 after the server-given Retry-After and then succeeds', async () => {
    const out = await runCli(stack, ['keys', '--', 'create', '--org', 'compat-limited', '--quota', 'keys=1/']);
    const limited = new Client({ baseURL: stack.baseUrl, apiKey: /^API key: (\S+)$/m.exec(out)![1] });
    // Three calls at once against one per second: however they fall across a window
    // boundary, two windows admit at most two, so one is refused and must come
    // back after Retry-After. The worst case needs two retries, the client's default.
    const namespaces = ['a', 'b', 'c'];
    await Promise.all(namespaces.map((namespace) => limited.post('/namespaced-apikeys', {}, { namespace })));
    expect(limited.sent.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);
    expect(limited.sent.filter((r) => r.status === 200)).toHaveLength(namespaces.length);
    expect(limited.sent.some((r) => Number(r.headers['X-Stainless-Retry-Count']) >= 1 && r.status === 200)).toBe(true);
  });
});
