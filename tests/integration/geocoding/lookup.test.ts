import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as geocode } from '../../../functions/geocoding/geocode';
import { handler as lookup } from '../../../functions/geocoding/lookup';
import { writeAddresses } from '../../../shared/geocoding';
import { loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';
import { geocodingClient, placeBody } from './client';

// Every id a geocode answer carries resolves through GET /lookup to the same place, whatever
// the result type; and a junction honours `in` like every other result. Through the handlers,
// with the Gothenburg network and an address region of the handlers' own network directory.

const dir = mkdtempSync(join(tmpdir(), 'waymark-lookup-'));
let key: string;

beforeAll(async () => {
  writeAddresses(join(dir, 'testregion.addresses.tsv.gz'), 'testregion', [
    { kind: 'A', street: 'Vasagatan', house: '4', postcode: '41106', city: 'Göteborg', lat: 57.7001, lon: 11.9701 },
    { kind: 'P', street: 'Lookupbyn', house: 'suburb', postcode: '', city: '', lat: 57.71, lon: 11.98 },
  ]);
  // read by the handlers' address source on its first use, which is below
  process.env.WAYMARK_NETWORK_DIR = dir;
  setRoadNetworks(new NetworkRegistry().add(loadGothenburgSample()));
  ({ key } = await newOrgKey());
  const made = await geocodingClient(key).create(placeBody('Lindholmen Depot', 57.7069, 11.9376, {}, { country: 'SWE', city: 'Göteborg' }));
  expect(made.status).toBe(200);
});

afterAll(() => {
  setRoadNetworks(undefined);
  delete process.env.WAYMARK_NETWORK_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const get = (handler: Parameters<typeof call>[0], path: string, query: Record<string, string>) =>
  call(handler, key, { method: 'GET', path, query });

async function firstHit(q: string, extra: Record<string, string> = {}) {
  const { items } = await get(geocode, '/geocode', { q, limit: '1', ...extra });
  expect(items).toHaveLength(1);
  return items[0];
}

describe('GET /lookup resolves every id a geocode answers', () => {
  it.each([
    ['place', 'Mölndal', /^gn:\d+$/],
    ['custom place', 'Lindholmen Depot', /^(?!gn:|street:|junction:|addr:|place:)/],
    ['street', 'Kungsportsavenyen', /^street:gothenburg:\d+$/],
    ['junction', 'Vasagatan & Viktoriagatan', /^junction:gothenburg:/],
    ['address', 'Vasagatan 4', /^addr:testregion:\d+$/],
    ['named place', 'Lookupbyn', /^place:testregion:\d+$/],
  ])('%s', async (_type, q, idShape) => {
    const hit = await firstHit(q);
    expect(hit.id).toMatch(idShape);
    const { items } = await get(lookup, '/lookup', { id: hit.id });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: hit.id, title: hit.title, position: hit.position, address: hit.address });
    expect(items[0].scoring).toBeUndefined();
  });

  it('is 404 for a junction id whose streets do not meet at its node', async () => {
    const hit = await firstHit('Vasagatan & Viktoriagatan');
    const [, net, node, a, b] = hit.id.split(':');
    const wrongNode = `junction:${net}:${Number(node) + 1}:${a}:${b}`;
    const res = await invoke(lookup, { method: 'GET', path: '/lookup', query: { key, id: wrongNode } });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/no place/);
  });
});

describe('a junction honours `in`', () => {
  const junctionIds = async (extra: Record<string, string>) => {
    const { items } = await get(geocode, '/geocode', { q: 'Vasagatan & Viktoriagatan', ...extra });
    return items.map((i: { id: string }) => i.id).filter((id: string) => id.startsWith('junction:'));
  };

  it('countryCode: keeps it in its country only', async () => {
    expect(await junctionIds({ in: 'countryCode:SWE' })).toHaveLength(1);
    expect(await junctionIds({ in: 'countryCode:NOR' })).toEqual([]);
  });

  it('circle: keeps it inside the circle only, with or without at', async () => {
    expect(await junctionIds({ in: 'circle:57.698,11.97;r=2000' })).toHaveLength(1);
    expect(await junctionIds({ in: 'circle:57.75,12.05;r=2000' })).toEqual([]);
    expect(await junctionIds({ in: 'circle:57.75,12.05;r=2000', at: '57.698,11.97' })).toEqual([]);
  });

  it('bbox: keeps it inside the box only', async () => {
    expect(await junctionIds({ in: 'bbox:11.9,57.65,12.0,57.72' })).toHaveLength(1);
    expect(await junctionIds({ in: 'bbox:12.0,57.65,12.1,57.72' })).toEqual([]);
  });
});
