import { beforeAll, describe, expect, it } from 'vitest';
import { newOrgKey } from '../support/keys';
import { APIError, Client } from './client';
import type * as T from './client-types';
import { inProcessFetch } from './in-process';

// A fleet operator's day with an existing client, only the base URL changed:
// a namespaced key for one fleet, its geofences, a geocoded customer, two vans
// tracked and searched, and a monitor set up minutes before a van drives
// through the customer's site, whose enter and exit must be on record at once.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cluster = { cluster: 'america' };
type Events = T.Envelope<{ list?: T.Event[]; page?: T.Page }>;

describe('a fleet on an existing client', () => {
  let root: Client;
  let fleet: Client;

  beforeAll(async () => {
    // New namespaced keys start working after this delay (the spec's 15 minutes in production).
    process.env.WAYMARK_KEY_DELAY_SECONDS = '1';
    root = new Client({ baseURL: 'https://api.waymark.test', apiKey: (await newOrgKey()).key, fetch: inProcessFetch });
  });

  it('gets a key for the north fleet and waits for it to become usable', async () => {
    const made = await root.post<T.NamespacedKeyCreated>('/skynet/namespaced-apikeys', {}, { namespace: 'fleet-north' });
    fleet = new Client({ baseURL: 'https://api.waymark.test', apiKey: made.result!.apikey!, fetch: inProcessFetch });
    await sleep(1100);
    expect((await fleet.get('/geofence/list')).data.list).toEqual([]);
  });

  let customer: { lat: number; lng: number };

  it('finds the customer by geocoding, and fences the depot and the customer site', async () => {
    const [city] = (await fleet.post('/multigeocode/search', { query: 'Göteborg', limit: 1 })).entities;
    expect(city.place[0].city).toBe('Göteborg');
    const { docId } = await fleet.post('/multigeocode/place', {
      place: [{ geopoint: { lat: 57.7089, lng: 11.9746 }, city: 'Göteborg', country: 'SWE', poi: { title: 'Nordhamn Logistics' } }],
      dataSource: { source: 'customers', refId: 'cust-17', status: 'enable' },
    });
    const batch = await fleet.post<T.GeocodeBatch>('/geocode/batch', [{ q: 'Nordhamn Logistics', at: '57.7,11.97', limit: 1 }]);
    expect(batch.items?.[0]).toMatchObject({ id: docId, title: 'Nordhamn Logistics' });
    customer = { lat: Number(batch.items![0].position!.lat), lng: Number(batch.items![0].position!.lng) };

    const fences = await fleet.post('/geofence/batch', {
      geofences: [
        {
          type: 'polygon',
          custom_id: 'depot',
          name: 'North depot',
          tags: ['depot'],
          polygon: {
            geojson: {
              type: 'Polygon',
              coordinates: [
                [11.93, 57.72],
                [11.94, 57.72],
                [11.94, 57.73],
                [11.93, 57.73],
                [11.93, 57.72],
              ],
            },
          },
        },
        {
          type: 'circle',
          custom_id: 'nordhamn',
          name: 'Nordhamn site',
          tags: ['customer'],
          circle: { center: { lat: customer.lat, lon: customer.lng }, radius: 200 },
        },
      ],
    });
    expect(fences.data.ids).toEqual(['depot', 'nordhamn']);
  });

  const T0 = Date.now() - 20 * 60_000;
  const at = (lat: number, lon: number, minute: number) => ({
    location: { lat, lon },
    timestamp: T0 + minute * 60_000,
    speed: 9,
    bearing: 120,
  });

  it('tracks two vans leaving the depot and finds them by area and attributes', async () => {
    for (const [id, electric] of [
      ['van-a', true],
      ['van-b', false],
    ] as const) {
      await fleet.post(
        '/skynet/asset',
        { custom_id: id, name: id.toUpperCase(), attributes: { depot: 'north', electric, seats: 3 } },
        cluster,
      );
      await fleet.post(Client.path`/skynet/asset/${id}/bind`, { device_id: `${id}-gps` });
    }
    await fleet.post(
      Client.path`/skynet/asset/${'van-a'}/track`,
      { device_id: 'van-a-gps', locations: [at(57.725, 11.935, 0), at(57.718, 11.95, 1)] },
      cluster,
    );
    await fleet.post(Client.path`/skynet/asset/${'van-b'}/track`, { device_id: 'van-b-gps', locations: at(57.69, 11.99, 1) }, cluster);

    const around = await fleet.get<T.SearchResult>('/skynet/search/around', {
      ...cluster,
      center: `${customer.lat},${customer.lng}`,
      radius: 5000,
    });
    expect(around.data?.assets?.map((a) => a.id).sort()).toEqual(['van-a', 'van-b']);
    const electric = await fleet.post<T.SearchResult>(
      '/skynet/search/polygon',
      {
        polygon: { type: 'Polygon', coordinates: [11.9, 57.68, 12.0, 57.68, 12.0, 57.74, 11.9, 57.74, 11.9, 57.68] },
        match_filter: { include_all_of_attributes: 'electric:true' },
        sort: { sort_by: 'straight_distance', sort_destination: { lat: customer.lat, lon: customer.lng } },
      },
      cluster,
    );
    expect(electric.data?.assets?.map((a) => a.id)).toEqual(['van-a']);
    // The organisation's own key does not see the fleet's namespace.
    const fromRoot = (await root.get(Client.path`/skynet/asset/${'van-a'}`).catch((e: unknown) => e)) as APIError;
    expect(fromRoot.status).toBe(404);
  });

  it('records the drive through the customer site for a monitor created just before it', async () => {
    await fleet.put('/skynet/config', { webhook: [] }, cluster);
    const monitor = await fleet.post(
      '/skynet/monitor',
      {
        type: 'enter_and_exit',
        custom_id: 'nordhamn-visits',
        name: 'Visits at Nordhamn',
        tags: ['customer'],
        geofence_config: { geofence_ids: ['nordhamn'] },
        match_filter: { include_all_of_attributes: 'depot:north' },
      },
      cluster,
    );
    expect(monitor).toEqual({ status: 'Ok', data: { id: 'nordhamn-visits' } });

    // Right after: van A drives past the customer's gate and on, one upload per fix.
    const drive = [
      at(57.712, 11.965, 2),
      at(customer.lat, customer.lng, 3),
      at(customer.lat + 0.0005, customer.lng + 0.001, 4),
      at(57.705, 11.99, 5),
    ];
    for (const fix of drive)
      await fleet.post(Client.path`/skynet/asset/${'van-a'}/track`, { device_id: 'van-a-gps', locations: fix }, cluster);

    const events = await fleet.get<Events>(Client.path`/skynet/asset/${'van-a'}/event/list`, { ...cluster, monitor_id: 'nordhamn-visits' });
    expect(events.data?.list?.map((e) => [e.event_type, e.triggered_timestamp])).toEqual([
      ['enter', drive[1].timestamp],
      ['exit', drive[3].timestamp],
    ]);
    expect(events.data?.list?.[0]).toMatchObject({
      asset_id: 'van-a',
      geofence_id: 'nordhamn',
      monitor_tags: ['customer'],
      triggered_location: { location: { lat: customer.lat, lon: customer.lng }, speed: 9, bearing: 120 },
      prev_location: { timestamp: drive[0].timestamp },
    });
    expect(events.data?.page).toMatchObject({ total: 2, hasmore: false });
    // Van B never went near it.
    expect((await fleet.get<Events>(Client.path`/skynet/asset/${'van-b'}/event/list`, cluster)).data?.list).toEqual([]);

    const history = await fleet.get<T.Envelope<T.LocationList>>(Client.path`/skynet/asset/${'van-a'}/location/list`, {
      ...cluster,
      start_time: Math.floor(T0 / 1000),
      geometry_type: 'geojson',
    });
    expect(history.data?.list).toHaveLength(6);
    expect(history.data?.geojson?.geometry?.type).toBe('LineString');
  });
});
