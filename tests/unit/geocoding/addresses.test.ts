import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressesFromOsmPbf, getDefaultIndex, loadAddresses, writeAddresses } from '../../../shared/geocoding';
import { PlaceOverlayCache } from '../../../shared/places/cache';
import { GeocodeService } from '../../../shared/places/geocode';
import { MemoryPlaceStore } from '../../fixtures/memory/places';
import { writeOsmPbf } from '../../fixtures/routing/pbf-writer';

// An extract's house numbers (on nodes and on building ways) and named places, through the
// importer's extraction, the artefact and the GET geocoding service.

const dir = mkdtempSync(join(tmpdir(), 'waymark-addresses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pbf = writeOsmPbf(
  [
    {
      id: 1,
      lat: 57.7001,
      lon: 11.9701,
      tags: { 'addr:street': 'Vasagatan', 'addr:housenumber': '4', 'addr:postcode': '41106', 'addr:city': 'Göteborg' },
    },
    { id: 2, lat: 57.71, lon: 11.98, tags: { place: 'suburb', name: 'Testbyn' } },
    { id: 3, lat: 57.7, lon: 11.972 },
    { id: 4, lat: 57.7, lon: 11.9722 },
    { id: 5, lat: 57.7002, lon: 11.9722 },
    { id: 6, lat: 57.7002, lon: 11.972 },
    { id: 7, lat: 57.69, lon: 11.96, tags: { highway: 'traffic_signals' } },
  ],
  [
    { id: 10, refs: [3, 4, 5, 6, 3], tags: { building: 'yes', 'addr:street': 'Vasagatan', 'addr:housenumber': '6B' } },
    { id: 11, refs: [3, 7], tags: { highway: 'residential', name: 'Vasagatan' } },
  ],
);

describe('addresses of an OpenStreetMap extract', () => {
  const records = addressesFromOsmPbf(pbf);

  it('finds addresses on nodes and ways, and named places', () => {
    expect(records).toHaveLength(3);
    expect(records.find((r) => r.house === '4')).toMatchObject({ kind: 'A', street: 'Vasagatan', postcode: '41106', city: 'Göteborg' });
    const way = records.find((r) => r.house === '6B')!;
    // the mean of the way's five node references (the ring repeats its first node)
    expect(way.lat).toBeCloseTo((57.7 * 3 + 57.7002 * 2) / 5, 6);
    expect(records.find((r) => r.kind === 'P')).toMatchObject({ street: 'Testbyn', house: 'suburb' });
  });

  const file = join(dir, 'region.addresses.tsv.gz');
  writeAddresses(file, 'region', records);
  const index = loadAddresses(file, getDefaultIndex());
  const service = new GeocodeService(new PlaceOverlayCache(new MemoryPlaceStore()), { addresses: () => [index] });

  it('geocodes a house number on its street, in either order, with a city', async () => {
    const { items } = await service.freeText('s', 'geocode', { q: 'Vasagatan 4' });
    expect(items[0]).toMatchObject({
      id: 'addr:region:0',
      title: 'Vasagatan 4',
      address: { street: 'Vasagatan', houseNumber: '4', postalCode: '41106', city: 'Göteborg', countryCode: 'SWE' },
    });
    expect(items[0].address.label).toBe('Vasagatan 4, 41106 Göteborg, Sweden');
    const other = await service.freeText('s', 'geocode', { q: '6b Vasagatan, Göteborg' });
    expect(other.items[0].title).toBe('Vasagatan 6B');
    expect(other.items[0].address.city).toBe('Göteborg');
    // no such number: the answer falls back to places
    const none = await service.freeText('s', 'geocode', { q: 'Vasagatan 99' });
    expect(none.items.every((i) => !i.id.startsWith('addr:'))).toBe(true);
  });

  it('finds the named places by name', async () => {
    const { items } = await service.freeText('s', 'autocomplete', { q: 'Testby' });
    expect(items[0]).toMatchObject({ title: 'Testbyn', address: { countryCode: 'SWE' } });
  });

  it('reverse geocodes to the address at the point, then the places', async () => {
    const { items } = await service.reverse('s', { at: '57.70012,11.97012', limit: '2' });
    expect(items[0]).toMatchObject({ id: 'addr:region:0', title: 'Vasagatan 4' });
    expect(items[0].distance).toBeLessThan(5);
    expect(items[1].id).toMatch(/^gn:/);
    const far = await service.reverse('s', { at: '57.72,11.99' });
    expect(far.items[0].id).toMatch(/^gn:/);
  });

  it('answers structured street and house number, and looks an address up', async () => {
    const { items, warnings } = await service.structured('s', {
      countryCode: 'SWE',
      city: 'Göteborg',
      street: 'Vasagatan',
      houseNumber: '4',
      postalCode: '41106',
    });
    expect(items[0].title).toBe('Vasagatan 4');
    expect(warnings).toEqual([expect.stringMatching(/^postalCode: not covered/)]);
    const looked = await service.lookup('s', { id: 'addr:region:1' });
    expect(looked.items[0].title).toBe('Vasagatan 6B');
  });
});
