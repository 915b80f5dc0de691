import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as autocomplete } from '../../../functions/geocoding/autocomplete';
import { handler as autosuggest } from '../../../functions/geocoding/autosuggest';
import { handler as geocode } from '../../../functions/geocoding/geocode';
import { handler as lookup } from '../../../functions/geocoding/lookup';
import { handler as revgeocode } from '../../../functions/geocoding/revgeocode';
import { handler as structured } from '../../../functions/geocoding/structured';
import { NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';
import { geocodingClient, placeBody } from './client';
import { gothenburgNetwork } from '../routing/client-session';

// The GET geocoding family through its handlers on DynamoDB Local: every answer is checked
// against the OpenAPI document (call) and against the client's Item fields.

const GOTEBORG = 'gn:2711537';
const MOLNDAL = 'gn:2691459';
const SPRINGFIELD_IL = 'gn:4250542';

/** The client's Item: `position` strings, `access` numbers, address strings. */
function expectClientItem(item: Record<string, any>) {
  expect(typeof item.id).toBe('string');
  expect(typeof item.title).toBe('string');
  expect(Number(item.position.lat)).toBeCloseTo(item.access.lat, 6);
  expect(typeof item.position.lat).toBe('string');
  expect(typeof item.position.lng).toBe('string');
  for (const v of Object.values(item.address)) expect(typeof v).toBe('string');
  expect(item.address.countryCode).toMatch(/^[A-Z]{3}$/);
}

let key: string;
let depot: string;
beforeAll(async () => {
  // city level unless a test loads a road network
  setRoadNetworks(new NetworkRegistry());
  ({ key } = await newOrgKey());
  const made = await geocodingClient(key).create(
    placeBody(
      'Lindholmen Depot',
      57.7069,
      11.9376,
      { dataSource: { source: 'depots', status: 'enable' } },
      { country: 'SWE', city: 'Göteborg' },
    ),
  );
  depot = made.body.docId;
});

afterAll(() => setRoadNetworks(undefined));

const get = (handler: Parameters<typeof call>[0], path: string, query: Record<string, string>) =>
  call(handler, key, { method: 'GET', path, query });
const raw = (handler: Parameters<typeof invoke>[0], path: string, query: Record<string, string>) =>
  invoke(handler, { method: 'GET', path, query: { key, ...query } });

describe('GET /geocode', () => {
  it('finds a city with its address and distance from at', async () => {
    const { items } = await get(geocode, '/geocode', { q: 'Göteborg', at: '57.7,11.97', limit: '3' });
    expect(items[0].id).toBe(GOTEBORG);
    expectClientItem(items[0]);
    expect(items[0].address).toMatchObject({ countryCode: 'SWE', countryName: 'Sweden', city: 'Göteborg', state: 'Västra Götaland' });
    expect(items[0].distance).toBeGreaterThan(0);
    expect(items[0].distance).toBeLessThan(3000);
    expect(items[0].scoring.queryScore).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(3);
  });

  it('applies in=countryCode, in=circle and in=bbox as hard filters', async () => {
    const usa = await get(geocode, '/geocode', { q: 'Springfield', in: 'countryCode:USA', limit: '20' });
    expect(usa.items.length).toBeGreaterThan(1);
    expect(usa.items.every((i: any) => i.address.countryCode === 'USA')).toBe(true);
    const circle = await get(geocode, '/geocode', { q: 'Springfield', in: 'circle:39.8,-89.64;r=20000' });
    expect(circle.items.map((i: any) => i.id)).toEqual([SPRINGFIELD_IL]);
    const bbox = await get(geocode, '/geocode', { q: 'Springfield', in: 'bbox:-90,39,-89,40' });
    expect(bbox.items.map((i: any) => i.id)).toEqual([SPRINGFIELD_IL]);
  });

  it('finds the space custom places too', async () => {
    const { items } = await get(geocode, '/geocode', { q: 'Lindholmen Depot', at: '57.7,11.94' });
    expect(items[0].id).toBe(depot);
    expect(items[0].title).toBe('Lindholmen Depot');
  });

  it('answers country names in lang; place names stay local', async () => {
    const { items } = await get(geocode, '/geocode', { q: 'Göteborg', lang: 'de', limit: '1' });
    expect(items[0].address.countryName).toBe('Schweden');
    expect(items[0].address.label).toBe('Göteborg, Västra Götaland, Schweden');
  });

  it('names the parameter and the rule on bad input', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'query.q'],
      [{ q: '  ' }, 'query.q'],
      [{ q: 'x', lang: 'not a tag!' }, 'query.lang'],
      [{ q: 'x', in: 'planet:earth' }, 'query.in'],
      [{ q: 'x', in: 'countryCode:XXX' }, 'query.in'],
      [{ q: 'x', limit: '101' }, 'query.limit'],
      [{ q: 'x', at: '91,0' }, 'query.at.lat'],
    ];
    for (const [query, field] of cases) {
      const res = await raw(geocode, '/geocode', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
  });
});

describe('GET /autocomplete and /autosuggest', () => {
  it('completes a prefix and tolerates a typo', async () => {
    const prefix = await get(autocomplete, '/autocomplete', { q: 'Götebo' });
    expect(prefix.items[0].id).toBe(GOTEBORG);
    expect(prefix.items.length).toBeLessThanOrEqual(5);
    const typo = await get(autosuggest, '/autosuggest', { q: 'Gotebrog' });
    expect(typo.items.map((i: any) => i.id)).toContain(GOTEBORG);
  });

  it('ranks by distance to at', async () => {
    const near = await get(autocomplete, '/autocomplete', { q: 'Springf', at: '39.8,-89.6', limit: '3' });
    expect(near.items[0].id).toBe(SPRINGFIELD_IL);
    expect(near.items[0].distance).toBeLessThan(10_000);
    const far = await get(autocomplete, '/autocomplete', { q: 'Springf', at: '42.1,-72.59', limit: '3' });
    expect(far.items[0].id).not.toBe(SPRINGFIELD_IL);
  });
});

describe('GET /revgeocode', () => {
  it('answers the nearest places nearest first, with distances', async () => {
    const { items } = await get(revgeocode, '/revgeocode', { at: '57.7075,11.967', limit: '3' });
    expect(items[0].id).toBe(GOTEBORG);
    const distances = items.map((i: any) => i.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    items.forEach(expectClientItem);
  });

  it('includes custom places and answers one place by default', async () => {
    const { items } = await get(revgeocode, '/revgeocode', { at: '57.7070,11.9377' });
    expect(items.map((i: any) => i.id)).toEqual([depot]);
    expect(items[0].distance).toBeLessThan(50);
  });

  it('filters with in', async () => {
    const { items } = await get(revgeocode, '/revgeocode', { at: '57.7075,11.967', in: 'circle:57.655,12.014;r=3000' });
    expect(items.map((i: any) => i.id)).toEqual([MOLNDAL]);
    const res = await raw(revgeocode, '/revgeocode', {});
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('query.at');
  });
});

describe('GET /geocode/structured', () => {
  it('finds a city within its country and state', async () => {
    const { items, warnings } = await get(structured, '/geocode/structured', {
      countryCode: 'USA',
      state: 'Illinois',
      city: 'Springfield',
    });
    expect(items[0].id).toBe(SPRINGFIELD_IL);
    expect(items[0].address.stateCode).toBe('IL');
    expect(warnings).toBeUndefined();
  });

  it('answers a state or a country at its seat', async () => {
    const state = await get(structured, '/geocode/structured', { countryCode: 'USA', state: 'Texas', limit: '1' });
    expect(state.items[0]).toMatchObject({ title: 'Texas', address: { state: 'Texas', stateCode: 'TX' } });
    expect(Number(state.items[0].position.lat)).toBeCloseTo(30.27, 1); // Austin
    const country = await get(structured, '/geocode/structured', { countryCode: 'SWE', limit: '1' });
    expect(country.items[0]).toMatchObject({ title: 'Sweden', address: { countryCode: 'SWE' } });
    expect(country.items[0].address.stateCode).toBeUndefined();
  });

  it('says what it does not cover', async () => {
    const { items, warnings } = await get(structured, '/geocode/structured', {
      countryCode: 'SWE',
      city: 'Göteborg',
      street: 'Hamngatan',
      houseNumber: '4',
    });
    expect(items[0].id).toBe(GOTEBORG);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^street: not covered/);
    expect(warnings[1]).toMatch(/^houseNumber: not covered/);
    const missing = await raw(structured, '/geocode/structured', { city: 'Göteborg' });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('query.countryCode');
    const inCountry = await raw(structured, '/geocode/structured', { countryCode: 'SWE', in: 'countryCode:SWE' });
    expect(inCountry.status).toBe(400);
    expect(inCountry.body.field).toBe('query.in');
  });
});

describe('GET /lookup', () => {
  it('finds a default place by its id, and a custom place by its docId', async () => {
    const city = await get(lookup, '/lookup', { id: GOTEBORG });
    expect(city.items).toHaveLength(1);
    expect(city.items[0]).toMatchObject({ id: GOTEBORG, title: 'Göteborg' });
    expect(city.items[0].scoring).toBeUndefined();
    expect(city.items[0].distance).toBeUndefined();
    const custom = await get(lookup, '/lookup', { id: depot });
    expect(custom.items[0]).toMatchObject({ id: depot, title: 'Lindholmen Depot' });
  });

  it('is 404 for an unknown id and for another space custom place', async () => {
    expect((await raw(lookup, '/lookup', { id: 'gn:999999999999' })).status).toBe(404);
    const other = await newOrgKey();
    const res = await invoke(lookup, { method: 'GET', path: '/lookup', query: { key: other.key, id: depot } });
    expect(res.status).toBe(404);
  });
});

describe('street level on a loaded road network', () => {
  beforeAll(() => setRoadNetworks(new NetworkRegistry().add(gothenburgNetwork())));
  afterAll(() => setRoadNetworks(new NetworkRegistry()));

  it('geocodes a named street and a junction of two', async () => {
    const { items } = await get(geocode, '/geocode', { q: 'Kungsportsavenyen', limit: '3' });
    expect(items[0]).toMatchObject({
      title: 'Kungsportsavenyen',
      address: { street: 'Kungsportsavenyen', city: 'Göteborg', countryCode: 'SWE' },
    });
    expect(items[0].id).toMatch(/^street:gothenburg:/);
    const corner = await get(geocode, '/geocode', { q: 'Vasagatan & Viktoriagatan' });
    expect(corner.items).toHaveLength(1);
    expect(corner.items[0]).toMatchObject({ title: 'Vasagatan & Viktoriagatan', address: { city: 'Göteborg' } });
    expect(Number(corner.items[0].position.lat)).toBeCloseTo(57.698, 2);
    const typed = await get(autocomplete, '/autocomplete', { q: 'Kungsportsav', in: 'countryCode:SWE' });
    expect(typed.items.map((i: any) => i.title)).toContain('Kungsportsavenyen');
  });

  it('reverse geocodes to the nearest named street, then the places', async () => {
    const { items } = await get(revgeocode, '/revgeocode', { at: '57.7,11.97', limit: '2' });
    expect(items[0].id).toMatch(/^street:/);
    expect(items[0].address.street).toBe(items[0].title);
    expect(items[0].distance).toBeLessThanOrEqual(100);
    expect(items[1].id).toBe(GOTEBORG);
    const street = await get(lookup, '/lookup', { id: items[0].id });
    expect(street.items[0].title).toBe(items[0].title);
  });

  it('answers a structured street within its city', async () => {
    const { items, warnings } = await get(structured, '/geocode/structured', {
      countryCode: 'SWE',
      city: 'Göteborg',
      street: 'Vasagatan',
      houseNumber: '4',
    });
    expect(items[0]).toMatchObject({ title: 'Vasagatan', address: { street: 'Vasagatan', city: 'Göteborg' } });
    expect(warnings).toEqual([expect.stringMatching(/^houseNumber: not covered/)]);
  });
});
