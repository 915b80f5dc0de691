import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesFromOsmPbf, writeAddresses } from '../../../shared/geocoding';
import { APIError, Client } from '../compat/client';
import { inProcessFetch } from '../compat/in-process';
import { newOrgKey } from '../support/keys';

// POST /postalcode through the official client's wire traffic, on the address index the
// importer writes for the north Bayreuth extract (OpenStreetMap, ODbL): 95463 is Bindlach.

const dir = mkdtempSync(join(tmpdir(), 'waymark-postalcode-'));
let client: Client;

beforeAll(async () => {
  const pbf = readFileSync(resolve(import.meta.dirname, '../../fixtures/osm/north-bayreuth.osm.pbf'));
  writeAddresses(join(dir, 'bayreuth.addresses.tsv.gz'), 'bayreuth', addressesFromOsmPbf(pbf));
  // read by the handler's address source on its first use, which is below
  process.env.WAYMARK_NETWORK_DIR = dir;
  client = new Client({ baseURL: 'http://waymark.test', apiKey: (await newOrgKey()).key, fetch: inProcessFetch, maxRetries: 0 });
});

afterAll(() => {
  delete process.env.WAYMARK_NETWORK_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function refused(body: unknown): Promise<APIError> {
  try {
    await client.post('/postalcode', body);
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error('answered 200');
}

describe('POST /postalcode', () => {
  it('gives a code its centre, country, area and boundary in both formats', async () => {
    const res = await client.post('/postalcode', { postalcode: '95463', country: 'DE' });
    const place = res.places;
    expect(place).toMatchObject({ postalcode: '95463', countryCode: 'DEU', country: 'Germany' });
    expect(place.geopoint.lat).toBeCloseTo(49.98, 1);
    expect(place.geopoint.lng).toBeCloseTo(11.62, 1);
    expect(place.distance).toBeUndefined();
    const points = place.boundary.multipolygon[0].polygon[0].points;
    expect(points.length).toBeGreaterThanOrEqual(4);
    expect(points[0]).toEqual(points[points.length - 1]);

    const geojson = await client.post('/postalcode', { postalcode: '95463', country: 'Germany', format: 'geojson' });
    expect(geojson.places.boundary).toMatchObject({ type: 'Feature', geometry: { type: 'Polygon' } });
    expect(geojson.places.boundary.geometry.coordinates[0]).toHaveLength(points.length);
    expect(geojson.places.geopoint).toEqual(place.geopoint);
  });

  it('gives a point the code around it, with the distance to the code centre', async () => {
    const centre = (await client.post('/postalcode', { postalcode: '95463', country: 'DEU' })).places.geopoint;
    const res = await client.post('/postalcode', { at: { lat: centre.lat + 0.001, lng: centre.lng } });
    expect(res.places.postalcode).toBe('95463');
    expect(res.places.distance).toBeGreaterThan(50);
    expect(res.places.distance).toBeLessThan(200);
  });

  it('answers a code or point outside the data with no places and a warning naming the coverage', async () => {
    const unknown = await client.post('/postalcode', { postalcode: '10115', country: 'DE' });
    expect(unknown.places).toBeUndefined();
    expect(unknown.warning[0]).toMatch(/"10115" in DEU is not in the data.*bayreuth: \d+ codes/);
    const otherCountry = await client.post('/postalcode', { postalcode: '95463', country: 'SE' });
    expect(otherCountry.places).toBeUndefined();
    const far = await client.post('/postalcode', { at: { lat: 57.7, lng: 11.97 } });
    expect(far.places).toBeUndefined();
    expect(far.warning[0]).toMatch(/no address with a postal code within 2000 m/);
  });

  it('refuses incomplete or malformed input with a 400 naming the field', async () => {
    expect((await refused({ postalcode: '95463' })).body).toMatchObject({ status: 400, message: expect.stringContaining('country') });
    expect((await refused({})).body).toMatchObject({ status: 400, message: expect.stringContaining('postalcode') });
    expect((await refused({ postalcode: '95463', country: 'Atlantis' })).body).toMatchObject({ status: 400, field: 'country' });
    expect((await refused({ at: { lat: 95, lng: 11 } })).body).toMatchObject({ status: 400, message: expect.stringContaining('at.lat') });
    expect((await refused({ postalcode: '95463', country: 'DE', format: 'kml' })).status).toBe(400);
  });
});
