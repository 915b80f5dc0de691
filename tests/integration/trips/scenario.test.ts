import { beforeAll, describe, expect, it } from 'vitest';
import { decodePolyline } from '../../../shared/geo';
import { loadGothenburgSample } from '../../../shared/roads';
import { sharedStack, type SharedStack } from '../support/shared-stack';

// One `npm start`, plain HTTP as a client would: find a city, name the street and city under a
// point, complete a typed prefix, find a street, then drive a van through a trip in Gothenburg and read its summary
// (map-matched on the demo network the stack imports on its first start).

describe('geocoding and a trip over HTTP', () => {
  let stack: SharedStack;
  let road: { lat: number; lon: number }[];
  const url = (path: string, query: Record<string, string> = {}) =>
    `${stack.baseUrl}${path}?${new URLSearchParams({ key: stack.apiKey, ...query }).toString()}`;
  const send = async (method: string, path: string, body?: unknown, query: Record<string, string> = {}) => {
    const res = await fetch(url(path, query), {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const json = (await res.json()) as any;
    expect(res.status, `${method} ${path}: ${JSON.stringify(json).slice(0, 300)}`).toBe(200);
    return json;
  };

  beforeAll(async () => {
    // The van's road is routed before any request: loading the sample network blocks this process
    // for seconds under load, and a pooled connection the stack closed meanwhile (keep-alive
    // timeout) would take the next POST and fail with "other side closed".
    road = loadGothenburgSample()
      .route([
        { lat: 57.7, lon: 11.97 },
        { lat: 57.705, lon: 11.98 },
      ])
      .coordinates.map(([la, lo]) => ({ lat: la, lon: lo }));
    stack = await sharedStack();
  }, 300_000);

  it('geocodes, reverse geocodes and autocompletes', async () => {
    const found = await send('GET', '/geocode', undefined, { q: 'Göteborg', in: 'countryCode:SWE', limit: '1' });
    expect(found.items[0]).toMatchObject({ id: 'gn:2711537', title: 'Göteborg', address: { countryCode: 'SWE' } });
    const [lat, lng] = [found.items[0].position.lat, found.items[0].position.lng];
    const under = await send('GET', '/revgeocode', undefined, { at: `${lat},${lng}`, limit: '2' });
    expect(under.items.find((i: { id: string }) => i.id.startsWith('gn:'))).toMatchObject({ id: 'gn:2711537', distance: 0 });
    // the stack imports the Gothenburg demo network: on a street, the named road comes first
    const onStreet = await send('GET', '/revgeocode', undefined, { at: '57.7,11.97' });
    expect(onStreet.items[0].id).toMatch(/^street:gothenburg:/);
    expect(onStreet.items[0].address).toMatchObject({ street: onStreet.items[0].title, city: 'Göteborg' });
    const typed = await send('GET', '/autocomplete', undefined, { q: 'Mölnd', at: `${lat},${lng}` });
    const town = typed.items.find((i: { id: string }) => i.id.startsWith('gn:'));
    expect(town).toMatchObject({ id: 'gn:2691459', title: 'Mölndal' });
    expect(town.distance).toBeGreaterThan(0);
    const street = await send('GET', '/geocode', undefined, { q: 'Kungsportsavenyen', limit: '1' });
    expect(street.items[0]).toMatchObject({ title: 'Kungsportsavenyen', address: { city: 'Göteborg' } });
    const looked = await send('GET', '/lookup', undefined, { id: town.id });
    expect(looked.items[0].title).toBe('Mölndal');
  });

  it('runs a trip and summarises it', async () => {
    await send('POST', '/skynet/asset', { custom_id: 'van-7', name: 'Van 7' });
    await send('POST', '/skynet/asset/van-7/bind', { device_id: 'phone-7' });
    const fence = await send('POST', '/geofence', {
      type: 'circle',
      name: 'Start',
      circle: { center: { lat: 57.7, lon: 11.97 }, radius: 300 },
    });
    const started = await send('POST', '/skynet/trip/start', {
      asset_id: 'van-7',
      name: 'Delivery',
      stops: [{ geofence_id: fence.data.id, name: 'Start' }],
    });
    const id = started.data.id as string;

    const t0 = Date.now() + 1000;
    const locations = road.map((p, i) => ({ location: p, timestamp: t0 + i * 3000 }));
    await send('POST', '/skynet/asset/van-7/track', { device_id: 'phone-7', locations });

    const summary = (await send('GET', `/tracking/trip/${id}/summary`)).data.trip;
    expect(summary).toMatchObject({ id, asset_id: 'van-7', name: 'Delivery', state: 'active', asset: { id: 'van-7', name: 'Van 7' } });
    expect(summary.route).toHaveLength(locations.length);
    expect(summary.mapmatch.matched).toBe(true);
    expect(summary.distance).toBeGreaterThan(500);
    expect(summary.duration).toBe((locations.length - 1) * 3);
    expect(decodePolyline(summary.geometry[0], 5).length).toBeGreaterThan(2);
    expect(summary.stops[0].arrived_at).toBe(t0);

    expect((await send('POST', '/skynet/trip/end', { id })).status).toBe('Ok');
    expect((await send('GET', `/skynet/trip/${id}`)).data.trip.state).toBe('ended');
  });
});
