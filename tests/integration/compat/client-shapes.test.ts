import { beforeAll, describe, expect, it } from 'vitest';
import { newOrgKey } from '../support/keys';
import { APIError, Client } from './client';
import type * as T from './client-types';
import { inProcessFetch } from './in-process';

// Every operation of the tracking, monitor, webhook config, multigeocode,
// geocode batch, geofence and namespaced key APIs driven with the request
// shapes the official client's types allow, through the real handlers on the
// test emulators, reading the answers the way those types do.

const cluster = { cluster: 'america' };
const now = Date.now();
const seconds = (ms: number) => Math.floor(ms / 1000);
/** lon 11.95..11.98, lat 57.70..57.72 (Gothenburg centre), as the client's two-level ring. */
const ring = [
  [11.95, 57.7],
  [11.98, 57.7],
  [11.98, 57.72],
  [11.95, 57.72],
  [11.95, 57.7],
];

let client: Client;

beforeAll(async () => {
  client = new Client({ baseURL: 'http://waymark.test', apiKey: (await newOrgKey()).key, fetch: inProcessFetch });
});

describe('geofences and namespaced keys', () => {
  it('updates a circle from its centre or its radius alone, and a polygon under geojson.geometry', async () => {
    await client.post('/geofence', { type: 'circle', custom_id: 'depot', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 100 } });
    const radiusOnly: T.GeofenceUpdate = { circle: { radius: 300 } };
    expect(await client.put(Client.path`/geofence/${'depot'}`, radiusOnly)).toEqual({ status: 'Ok' });
    const centreOnly: T.GeofenceUpdate = { circle: { center: { lat: 57.701 } } };
    expect(await client.put(Client.path`/geofence/${'depot'}`, centreOnly)).toEqual({ status: 'Ok' });
    const got = await client.get<T.Envelope<{ geofence?: Record<string, unknown> }>>(Client.path`/geofence/${'depot'}`);
    expect(got.data?.geofence).toMatchObject({ circle_center: { lat: 57.701, lon: 11.97 }, circle_radius: 300 });

    await client.post('/geofence', { type: 'polygon', custom_id: 'centrum', polygon: { geojson: { type: 'Polygon', coordinates: ring } } });
    const reshaped: T.GeofenceUpdate = {
      polygon: { geojson: { geometry: { type: 'Polygon', coordinates: [ring.map(([x, y]) => [x, y + 0.001])] } } },
    };
    expect(await client.put(Client.path`/geofence/${'centrum'}`, reshaped)).toEqual({ status: 'Ok' });
    const contain = await client.get('/geofence/contain', { locations: '57.7205,11.96', geofences: ['centrum'], verbose: 'true' });
    expect(contain.data.result_list[0].result).toEqual([{ contain: true, location_index: 0 }]);
    expect(contain.data.result_list[0].geofence_detail.id).toBe('centrum');
  });

  it('creates a namespaced key from an empty body, with sub_id and both expiry names', async () => {
    const made = await client.post<T.NamespacedKeyCreated>('/skynet/namespaced-apikeys', {}, { namespace: 'compat-ns' });
    expect(made.status).toBe(200);
    expect(made.result).toMatchObject({ namespace: 'compat-ns', expires_at: 0, expired_at: 0, sub_id: expect.any(Number) });
    const removed = await client.delete('/skynet/namespaced-apikeys', { namespace: 'compat-ns', key_to_delete: made.result!.apikey });
    expect(removed).toEqual({ status: 200, msg: expect.any(String) });
  });
});

describe('assets, tracks and history', () => {
  it('keeps number and boolean attributes as strings, and tags', async () => {
    const body: T.AssetCreate = {
      custom_id: 'van-1',
      name: 'Van 1',
      attributes: { capacity: 12, electric: true, depot: 'north' },
      tags: ['fleet-a'],
    };
    expect(await client.post('/skynet/asset', body, cluster)).toEqual({ status: 'Ok', data: { id: 'van-1' } });
    await client.put(Client.path`/skynet/asset/${'van-1'}/attributes`, { attributes: { shift: 2 } }, cluster);
    const got = await client.get<T.Envelope<{ asset?: T.AssetDetails }>>(Client.path`/skynet/asset/${'van-1'}`, cluster);
    expect(got.data?.asset).toMatchObject({
      attributes: { capacity: '12', electric: 'true', depot: 'north', shift: '2' },
      tags: ['fleet-a'],
    });
    await client.put(Client.path`/skynet/asset/${'van-1'}`, { tags: ['fleet-a', 'night'] }, cluster);
    await client.post('/skynet/asset', { custom_id: 'van-2', tags: ['fleet-b'] }, cluster);
    const tagged = await client.get<T.Envelope<{ list?: T.AssetDetails[] }>>('/skynet/asset/list', { ...cluster, tags: 'fleet-a,night' });
    expect(tagged.data?.list?.map((a) => a.id)).toEqual(['van-1']);
    const byNumber = await client.get<T.Envelope<{ list?: T.AssetDetails[] }>>('/skynet/asset/list', {
      ...cluster,
      include_all_of_attributes: 'capacity:12',
    });
    expect(byNumber.data?.list?.map((a) => a.id)).toEqual(['van-1']);
  });

  it('answers the last location before any upload with 200 and no location', async () => {
    const last = await client.get<T.Envelope<{ location?: T.TrackLocation }>>(Client.path`/skynet/asset/${'van-1'}/location/last`, cluster);
    expect(last).toEqual({ status: 'Ok', data: {} });
  });

  it('keeps tracking_mode, bearing and meta_data of a single-object upload, and lists history by seconds as GeoJSON', async () => {
    await client.post(Client.path`/skynet/asset/${'van-1'}/bind`, { device_id: 'dev-1' });
    const points = [0, 1, 2].map((i) => ({
      location: { lat: 57.705 + i * 0.001, lon: 11.96 },
      timestamp: now - 60_000 + i * 10_000,
      speed: 8,
      bearing: 0,
      meta_data: { stop: i },
      tracking_mode: 'active',
    }));
    for (const locations of points) {
      const track: T.AssetTrack = { device_id: 'dev-1', locations };
      expect(await client.post(Client.path`/skynet/asset/${'van-1'}/track`, track, cluster)).toEqual({ status: 'Ok' });
    }
    const last = await client.get<T.Envelope<{ location?: T.TrackLocation }>>(Client.path`/skynet/asset/${'van-1'}/location/last`, cluster);
    expect(last.data?.location).toMatchObject({ tracking_mode: 'active', bearing: 0, meta_data: { stop: 2 } });

    // Seconds, as a client holding Unix seconds sends them: the window is still the right one.
    const history = await client.get<T.Envelope<T.LocationList>>(Client.path`/skynet/asset/${'van-1'}/location/list`, {
      ...cluster,
      start_time: seconds(now - 65_000),
      end_time: seconds(now - 45_000),
      geometry_type: 'geojson',
    });
    expect(history.data?.list?.map((p) => p.timestamp)).toEqual([points[0].timestamp, points[1].timestamp]);
    expect(history.data?.geojson).toMatchObject({ type: 'Feature', geometry: { type: 'LineString' } });
    expect(history.data?.geojson?.geometry?.coordinates).toEqual(points.slice(0, 2).map((p) => [p.location.lon, p.location.lat]));
  });
});

describe('searches', () => {
  it('around ranks towards sort_destination (backtick-quoted values too) and filters by tag', async () => {
    const around = await client.get<T.SearchResult>('/skynet/search/around', {
      ...cluster,
      center: '57.706,11.96',
      radius: 2000,
      filter: 'night',
      sort_by: '`straight_distance`',
      sort_destination: '57.71,11.96',
    });
    expect(around.status).toBe('Ok');
    expect(around.data?.assets?.map((a) => a.id)).toEqual(['van-1']);
    expect(around.data?.assets?.[0].ranking_info?.distance).toBeCloseTo(333.6, 0);
    expect(around.data?.assets?.[0].tags).toEqual(['fleet-a', 'night']);
  });

  it('bound and polygon accept max_search_limit, and POST polygon takes match_filter strings and a sort object', async () => {
    const wide = await client.get<T.SearchResult>('/skynet/search/bound', {
      ...cluster,
      bound: '57.3,11.5|58.2,12.8',
      max_search_limit: true,
    });
    expect(wide.data?.assets?.map((a) => a.id)).toEqual(['van-1']);
    await expect(client.get('/skynet/search/bound', { ...cluster, bound: '57.3,11.5|58.2,12.8' })).rejects.toMatchObject({ status: 400 });

    const body: T.PolygonSearchBody = {
      polygon: { type: 'Polygon', coordinates: ring.flat() },
      match_filter: { include_all_of_attributes: 'depot:north,electric:true' },
      sort: { sort_by: 'straight_distance', sort_destination: { lat: 57.71, lon: 11.96 } },
      max_search_limit: false,
    };
    const found = await client.post<T.SearchResult>('/skynet/search/polygon', body, cluster);
    expect(found.data?.assets?.map((a) => a.id)).toEqual(['van-1']);
    expect(found.data?.assets?.[0].ranking_info?.distance).toBeGreaterThan(0);
    const none = await client.post<T.SearchResult>(
      '/skynet/search/polygon',
      { ...body, match_filter: { include_any_of_attributes: 'depot:south' } },
      cluster,
    );
    expect(none.data?.assets).toEqual([]);
  });
});

describe('monitors, events and webhook config', () => {
  it('creates with string match_filters, updates with a string speed limit, lists with a bare sort field', async () => {
    const create: T.MonitorCreate = {
      type: 'speeding',
      custom_id: 'too-fast',
      tags: ['compat'],
      match_filter: { include_all_of_attributes: 'depot:north' },
      speeding_config: { customer_speed_limit: 30, time_tolerance: 0 },
    };
    expect(await client.post('/skynet/monitor', create, cluster)).toEqual({ status: 'Ok', data: { id: 'too-fast' } });
    const update: T.MonitorUpdate = {
      speeding_config: { customer_speed_limit: '25.5' },
      match_filter: { include_any_of_attributes: { capacity: 12 } },
    };
    expect(await client.put(Client.path`/skynet/monitor/${'too-fast'}`, update)).toEqual({ status: 'Ok' });
    const got = await client.get<T.Envelope<{ monitor?: T.Monitor }>>(Client.path`/skynet/monitor/${'too-fast'}`);
    expect(got.data?.monitor).toMatchObject({
      speeding_config: { customer_speed_limit: 25.5 },
      match_filter: { include_any_of_attributes: { capacity: '12' } },
    });
    const listed = await client.get<T.Envelope<{ list?: T.Monitor[]; page?: T.Page }>>('/skynet/monitor/list', {
      ...cluster,
      sort: 'created_at',
    });
    expect(listed.data?.list?.map((m) => m.id)).toContain('too-fast');
    expect(await client.delete(Client.path`/skynet/monitor/${'too-fast'}`)).toEqual({ status: 'Ok' });
  });

  it('records events whose locations carry bearing and meta_data; lists them by seconds', async () => {
    await client.post(
      '/skynet/monitor',
      { type: 'enter_and_exit', custom_id: 'centrum-watch', tags: ['compat'], geofence_ids: ['centrum'] },
      cluster,
    );
    await client.post('/skynet/asset', { custom_id: 'van-3' }, cluster);
    await client.post(Client.path`/skynet/asset/${'van-3'}/bind`, { device_id: 'dev-3' });
    const t0 = now - 30_000;
    const at = (lon: number, i: number) => ({
      location: { lat: 57.71, lon },
      timestamp: t0 + i * 5000,
      bearing: 90,
      meta_data: { leg: i },
    });
    await client.post(
      Client.path`/skynet/asset/${'van-3'}/track`,
      { device_id: 'dev-3', locations: [at(11.94, 0), at(11.96, 1), at(11.99, 2)] },
      cluster,
    );
    const events = await client.get<T.Envelope<{ list?: T.Event[]; page?: T.Page }>>(Client.path`/skynet/asset/${'van-3'}/event/list`, {
      ...cluster,
      start_time: seconds(t0),
      end_time: seconds(now),
    });
    expect(events.data?.list?.map((e) => e.event_type)).toEqual(['enter', 'exit']);
    expect(events.data?.list?.[0]).toMatchObject({
      monitor_id: 'centrum-watch',
      geofence_id: 'centrum',
      monitor_tags: ['compat'],
      triggered_location: { bearing: 90, meta_data: { leg: 1 }, location: { lat: 57.71, lon: 11.96 } },
      prev_location: { bearing: 90, meta_data: { leg: 0 } },
    });
  });

  it('reads the webhooks under data.config.webhook; testwebhook without a body is Ok', async () => {
    expect(await client.post<T.StatusMsg>('/skynet/config/testwebhook', undefined)).toMatchObject({ status: 'Ok' });
    expect(client.sent.at(-1)!.body).toBeUndefined();
    await client.put('/skynet/config', { webhook: ['https://hooks.example.com/waymark'] }, cluster);
    const config = await client.get<T.ConfigList>('/skynet/config', cluster);
    expect(config.data?.config?.webhook).toEqual(['https://hooks.example.com/waymark']);
    // webhook is optional in the client's type: leaving it out replaces the list with nothing.
    await client.put('/skynet/config', {}, cluster);
    expect((await client.get<T.ConfigList>('/skynet/config', cluster)).data?.config?.webhook).toEqual([]);
  });
});

describe('multigeocode and geocode batch', () => {
  it('reads a place as dataSorce, updates it to {status, msg}, an item without geopoint keeping its own', async () => {
    const { docId } = await client.post<{ docId: string }>('/multigeocode/place', {
      place: [{ geopoint: { lat: 57.7001, lng: 11.9702 }, country: 'SWE', city: 'Göteborg', poi: { title: 'Compat depot' } }],
      dataSource: { source: 'compat', refId: 'c-1', status: 'enable' },
      score: 0.5,
    });
    const path = Client.path`/multigeocode/place/${docId}`;
    const got = await client.get<T.PlaceRetrieve>(path);
    expect(got.dataSorce).toEqual({ source: 'compat', refId: 'c-1', status: 'enable' });
    const update: { place: T.PlaceItem[] } = { place: [{ poi: { title: 'Compat depot east' }, city: 'Göteborg' }] };
    const updated = await client.put<T.StatusMsg>(path, update);
    expect(updated).toMatchObject({ status: 'Ok', msg: 'Ok' });
    expect((await client.get<T.PlaceRetrieve>(path)).place).toEqual([
      { geopoint: { lat: 57.7001, lng: 11.9702 }, poi: { title: 'Compat depot east' }, city: 'Göteborg' },
    ]);
    expect(await client.delete<T.StatusMsg>(path)).toEqual({ status: 200, msg: 'Ok' });
  });

  it('batch-geocodes a bare array of {q, at, in, limit} and answers items', async () => {
    const queries: T.GeocodeQuery[] = [
      { q: 'Göteborg', at: '57.7,11.97', limit: 1 },
      { q: 'Springfield', in: 'countryCode:USA', limit: 2 },
    ];
    const batch = await client.post<T.GeocodeBatch>('/geocode/batch', queries);
    expect(batch.items?.[0]).toMatchObject({
      title: 'Göteborg',
      address: { countryCode: 'SWE', countryName: 'Sweden' },
      position: { lat: expect.any(String), lng: expect.any(String) },
      scoring: { queryScore: expect.any(Number) },
    });
    expect(batch.items?.slice(1).every((i) => i.address?.countryCode === 'USA')).toBe(true);
    await new Promise((r) => setTimeout(r, 1100)); // the batch quota: one request per second
    const error = (await client.post('/geocode/batch', [{ q: 'Paris', lang: 'fr' }]).catch((e: unknown) => e)) as APIError;
    expect(error.status).toBe(400);
    expect((error.body as { field: string }).field).toBe('queries[0].lang');
  });
});
