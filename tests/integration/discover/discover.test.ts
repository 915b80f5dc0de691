import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poisFromOsmPbf, writePois } from '../../../shared/discover';
import { APIError, Client } from '../compat/client';
import { inProcessFetch } from '../compat/in-process';
import { newOrgKey } from '../support/keys';

// GET /discover and GET /browse through the official client's wire traffic, on the POI files
// the importer writes for the north Bayreuth and Monaco extracts (OpenStreetMap, ODbL).

const dir = mkdtempSync(join(tmpdir(), 'waymark-discover-'));
const bindlach = '49.981,11.614';
let client: Client;

beforeAll(async () => {
  for (const region of ['north-bayreuth', 'monaco']) {
    const pbf = readFileSync(resolve(import.meta.dirname, `../../fixtures/osm/${region}.osm.pbf`));
    writePois(join(dir, `${region}.pois.tsv.gz`), region, poisFromOsmPbf(pbf));
  }
  // read by the handlers' POI source on its first use, which is below
  process.env.WAYMARK_NETWORK_DIR = dir;
  client = new Client({ baseURL: 'http://waymark.test', apiKey: (await newOrgKey()).key, fetch: inProcessFetch, maxRetries: 0 });
});

afterAll(() => {
  delete process.env.WAYMARK_NETWORK_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function refused(path: string, query: Record<string, string>): Promise<APIError> {
  try {
    await client.get(path, query);
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error('answered 200');
}

describe('GET /discover', () => {
  it('finds a POI by name with the client fields, opening hours and distance', async () => {
    const { items } = await client.get('/discover', { q: 'Gasthof Vogel', at: bindlach, limit: 3 });
    expect(items[0]).toMatchObject({
      id: expect.stringMatching(/^poi:north-bayreuth:\d+$/),
      title: 'Gasthof Vogel',
      categories: [{ id: 'restaurant', name: 'Restaurant', primary: 'true' }],
      address: { countryCode: 'DEU', label: expect.stringContaining('Gasthof Vogel') },
      position: { lat: expect.any(String), lng: expect.any(String) },
      distance: expect.any(Number),
      scoring: { queryScore: expect.any(Number) },
    });
    // "Mo-Su 09:00-22:00; We off": six days of one range each in the seven days from today
    const ranges = items[0].openingHours.timeRanges;
    expect(ranges).toHaveLength(6);
    expect(ranges[0]).toMatchObject({ startTime: { hour: 9, minute: 0 }, endTime: { hour: 22, minute: 0 } });
    expect(ranges[0].startTime.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds POIs by category words and cuisine, the nearest first, within a hard area', async () => {
    const { items } = await client.get('/discover', { q: 'restaurant', at: bindlach, limit: 5 });
    expect(items.length).toBe(5);
    expect(items.every((i: any) => i.categories?.[0].id === 'restaurant')).toBe(true);
    // a name holding the word ranks above a category match, so only the first is sure to be the nearest
    const distances = items.map((i: any) => i.distance);
    expect(distances[0]).toBe(Math.min(...distances));
    const german = await client.get('/discover', { q: 'german', at: bindlach, limit: 50 });
    expect(german.items.map((i: any) => i.title)).toContain('Landgasthof Moreth');
    const monaco = await client.get('/discover', { q: 'bank', in: 'bbox:7.40,43.72,7.44,43.76' });
    expect(monaco.items.length).toBeGreaterThan(0);
    expect(monaco.items.every((i: any) => i.id.startsWith('poi:monaco:'))).toBe(true);
    const germany = await client.get('/discover', { q: 'bank', in: 'countryCode:DEU' });
    expect(germany.items.every((i: any) => !i.id.startsWith('poi:monaco:'))).toBe(true);
  });

  it('answers the gazetteer place a town name means', async () => {
    const { items } = await client.get('/discover', { q: 'Bayreuth', at: bindlach });
    expect(items.some((i: any) => /^gn:/.test(i.id) && i.title === 'Bayreuth')).toBe(true);
  });

  it('refuses a missing q or a malformed at, in or limit with a 400 naming it', async () => {
    expect((await refused('/discover', {})).body).toMatchObject({ status: 400, message: expect.stringContaining('q') });
    expect((await refused('/discover', { q: 'cafe', at: 'x' })).body).toMatchObject({ field: 'query.at' });
    expect((await refused('/discover', { q: 'cafe', in: 'circle:1,2' })).body).toMatchObject({ field: 'query.in' });
    expect((await refused('/discover', { q: 'cafe', limit: '500' })).body).toMatchObject({ field: 'query.limit' });
  });
});

describe('GET /browse', () => {
  it('lists POIs of the categories nearest the point first', async () => {
    const { items } = await client.get('/browse', { at: bindlach, categories: 'restaurant,pub', limit: 20 });
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((i: any) => ['restaurant', 'pub'].includes(i.categories[0].id))).toBe(true);
    const distances = items.map((i: any) => i.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('takes a key as a category, and a circle without at', async () => {
    const shops = await client.get('/browse', { at: '43.735,7.42', categories: 'shop' });
    expect(shops.items.length).toBeGreaterThan(0);
    expect(shops.items.every((i: any) => i.id.startsWith('poi:monaco:'))).toBe(true);
    const circle = await client.get('/browse', { in: 'circle:43.735,7.42;r=300' });
    expect(circle.items.length).toBeGreaterThan(0);
    expect(circle.items.every((i: any) => i.distance === undefined)).toBe(true);
  });

  it('needs where to browse, and refuses a malformed category', async () => {
    expect((await refused('/browse', { categories: 'cafe' })).body).toMatchObject({ field: 'query.at' });
    expect((await refused('/browse', { at: bindlach, categories: 'café!' })).body).toMatchObject({ field: 'query.categories' });
  });
});
