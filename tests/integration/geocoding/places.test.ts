import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { spaceOf } from '../../../shared/auth/model';
import { PlaceService } from '../../../shared/places/service';
import { DynamoPlaceStore } from '../../../shared/places/dynamo-store';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { customIds, docIds, geocodingClient, placeBody, type GeocodingClient } from './client';

// Multi-geocoding through its handlers against DynamoDB Local.
// Every test that counts places or ranks results has its own organisation, so its
// data space holds only what the test wrote.

const GOTEBORG = 'gn:2711537';
const SPRINGFIELD_IL = 'gn:4250542';

async function freshClient(): Promise<{ org: string; key: string; api: GeocodingClient }> {
  const { org, key } = await newOrgKey();
  return { org, key, api: geocodingClient(key) };
}

describe('multi-geocoding', () => {
  let api: GeocodingClient;
  beforeAll(async () => {
    api = (await freshClient()).api;
  });

  describe('custom places CRUD', () => {
    it('creates, reads, updates and deletes a place', async () => {
      const body = placeBody(
        'Harbour Depot North',
        57.71,
        11.95,
        { dataSource: { source: 'depots', refId: 'd-1' }, score: 0.4 },
        { city: 'Göteborg', country: 'SWE', street: 'Hamngatan' },
      );
      const made = await api.create(body);
      expect(made.status).toBe(200);
      expect(made.body).toEqual({ docId: expect.any(String) });
      const docId = made.body.docId;

      const got = await api.get(docId);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({
        status: 200,
        msg: 'Ok',
        docId,
        place: [
          {
            geopoint: { lat: 57.71, lng: 11.95 },
            poi: { title: 'Harbour Depot North' },
            city: 'Göteborg',
            country: 'SWE',
            street: 'Hamngatan',
          },
        ],
        dataSource: { source: 'depots', refId: 'd-1', status: 'enable' },
        // The client's PlaceRetrieveResponse reads `dataSorce`.
        dataSorce: { source: 'depots', refId: 'd-1', status: 'enable' },
        score: 0.4,
      });

      const changed = await api.update(docId, {
        place: [{ geopoint: { lat: 57.72, lon: 11.96 }, poi: { title: 'Harbour Depot South' } }],
        score: 0.9,
      });
      expect(changed.status).toBe(200);
      // The seed's record, and the client's {status, msg}.
      expect(changed.body).toEqual({
        status: 'Ok',
        msg: 'Ok',
        docId,
        place: [{ geopoint: { lat: 57.72, lng: 11.96 }, poi: { title: 'Harbour Depot South' } }],
        dataSource: { source: 'depots', refId: 'd-1', status: 'enable' },
        score: 0.9,
      });
      expect((await api.get(docId)).body.place[0].poi.title).toBe('Harbour Depot South');

      // Items without a geopoint (optional in the client's update type) keep the stored one at their index.
      const renamed = await api.update(docId, { place: [{ poi: { title: 'Harbour Depot' } }] });
      expect(renamed.body.place).toEqual([{ geopoint: { lat: 57.72, lng: 11.96 }, poi: { title: 'Harbour Depot' } }]);
      const extra = await api.update(docId, { place: [{ poi: { title: 'Harbour Depot' } }, { city: 'Göteborg' }] });
      expect(extra.status).toBe(400);
      expect(extra.body.field).toBe('place[1].geopoint');

      const partial = await api.update(docId, { dataSource: { status: 'disable' } });
      expect(partial.body.dataSource).toEqual({ source: 'depots', refId: 'd-1', status: 'disable' });
      expect(partial.body.place[0].poi.title).toBe('Harbour Depot');

      const removed = await api.remove(docId);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ status: 200, msg: 'Ok' });
      expect((await api.get(docId)).status).toBe(404);
      expect((await api.remove(docId)).status).toBe(404);
      expect((await api.update(docId, { score: 1 })).status).toBe(404);
    });

    it('defaults the dataset to "default", enabled, and the score to 0', async () => {
      const made = await api.create(placeBody('Quiet Corner Cafe', 10.5, 10.5));
      const got = (await api.get(made.body.docId)).body;
      expect(got.dataSource).toEqual({ source: 'default', status: 'enable' });
      expect(got.score).toBe(0);
    });

    it('refuses invalid places with 400 naming the field', async () => {
      const noPoint = await api.create({ place: [{ poi: { title: 'x' } }] });
      expect(noPoint.status).toBe(400);
      expect(noPoint.body.message).toMatch(/^place\[0\]\.geopoint: is required/);
      const outOfRange = await api.create(placeBody('x', 91, 0));
      expect(outOfRange.status).toBe(400);
      expect(outOfRange.body.field).toBe('place[0].geopoint.lat');
      const nameless = await api.create({ place: [{ geopoint: { lat: 1, lng: 1 }, postalCode: '12345' }] });
      expect(nameless.status).toBe(400);
      expect(nameless.body.message).toMatch(/^place\[0\]: needs a name/);
      expect((await api.create({ place: [] })).body.message).toMatch(/^place: must have at least 1 items/);
      expect((await api.create(placeBody('x', 1, 1, { dataSource: { source: 'a', status: 'off' } }))).body.field).toBe('dataSource.status');
      expect((await api.create(placeBody('x', 1, 1, { score: -1 }))).body.field).toBe('score');
    });

    it('a repeated identical create (the official client retries POST) returns the same docId', async () => {
      const { org, api: own } = await freshClient();
      const body = placeBody('Retry Plaza', 48.1, 11.5, { score: 0.5 });
      const [a, b] = await Promise.all([own.create(body), own.create(body)]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(b.body.docId).toBe(a.body.docId);
      expect((await own.create(body)).body.docId).toBe(a.body.docId);
      expect(await new DynamoPlaceStore().list(spaceOf(org, null))).toHaveLength(1);
      // after a delete the same body makes a new place
      await own.remove(a.body.docId);
      const again = await own.create(body);
      expect(again.status).toBe(200);
      expect(again.body.docId).not.toBe(a.body.docId);
    });
  });

  describe('near-duplicates', () => {
    it('409 (x-should-retry: false) for a near-duplicate unless force: true', async () => {
      const { api: own } = await freshClient();
      const first = await own.create(placeBody('Central Warehouse', 52.52, 13.405, {}, { city: 'Berlin', street: 'Alexanderplatz' }));
      expect(first.status).toBe(200);
      // ~30 m away, same name, one attribute different
      const dup = placeBody('Central  warehouse', 52.5202, 13.4053, {}, { city: 'Berlin', street: 'Alexanderstrasse' });
      const refused = await own.create(dup);
      expect(refused.status).toBe(409);
      expect(refused.headers['x-should-retry']).toBe('false');
      expect(refused.body.message).toContain(first.body.docId);
      expect(refused.body.field).toBe('place');
      const forced = await own.create({ ...dup, force: true });
      expect(forced.status).toBe(200);
      expect(forced.body.docId).not.toBe(first.body.docId);
      // not duplicates: 500 m away; another dataset; a different name
      expect(
        (await own.create(placeBody('Central Warehouse', 52.5245, 13.405, {}, { city: 'Berlin', street: 'Alexanderplatz' }))).status,
      ).toBe(200);
      expect(
        (
          await own.create(
            placeBody(
              'Central Warehouse',
              52.52,
              13.405,
              { dataSource: { source: 'fleet' } },
              { city: 'Berlin', street: 'Alexanderplatz' },
            ),
          )
        ).status,
      ).toBe(200);
      expect(
        (await own.create(placeBody('Eastern Warehouse', 52.52, 13.405, {}, { city: 'Berlin', street: 'Alexanderplatz' }))).status,
      ).toBe(200);
    });

    it('of concurrent near-duplicate creates exactly one is stored', async () => {
      const { org, api: own } = await freshClient();
      const results = await Promise.all(
        ['1', '2', '3', '4', '5'].map((house) => own.create(placeBody('Race Point', 30.0, 31.0, {}, { street: 'Nile Road', house }))),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await new DynamoPlaceStore().list(spaceOf(org, null))).toHaveLength(1);
    });

    it('an update onto a near-duplicate is refused unless forced', async () => {
      const { api: own } = await freshClient();
      await own.create(placeBody('North Gate', 40.0, -3.0));
      const other = (await own.create(placeBody('South Gate', 40.01, -3.0))).body.docId;
      const moved = { place: [{ geopoint: { lat: 40.0001, lng: -3.0 }, poi: { title: 'North Gate' } }] };
      expect((await own.update(other, moved)).status).toBe(409);
      expect((await own.update(other, { ...moved, force: true })).status).toBe(200);
      // changing only the status of a (forced) duplicate is not a new duplicate
      expect((await own.update(other, { dataSource: { status: 'disable' } })).status).toBe(200);
    });
  });

  describe('search', () => {
    it('finds default places; an empty query is 400; no match is an empty list', async () => {
      const res = await api.search({ query: 'goteborg' });
      expect(res.status).toBe(200);
      expect(res.body.entities[0]).toMatchObject({
        docId: GOTEBORG,
        dataSource: { source: 'default', status: 'enable' },
        place: [{ country: 'SWE' }],
      });
      expect(typeof res.body.entities[0].score).toBe('number');
      const empty = await api.search({ query: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ status: 400, field: 'query', message: 'query: must not be empty' });
      expect((await api.search({})).status).toBe(400);
      expect((await api.search({ query: 'paris', radius: '5km' })).body.field).toBe('radius');
      const none = await api.search({ query: 'qqqxzzvq' });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ entities: [] });
    });

    it('a custom place outranks and replaces the default place it overrides (refId)', async () => {
      const { api: own } = await freshClient();
      const before = await own.search({ query: 'goteborg' });
      expect(docIds(before)[0]).toBe(GOTEBORG);
      const made = await own.create(
        placeBody(
          'Göteborg',
          57.7089,
          11.9746,
          { dataSource: { source: 'default', refId: '2711537' }, score: 1 },
          { country: 'SWE', city: 'Göteborg' },
        ),
      );
      const after = await own.search({ query: 'goteborg' });
      expect(docIds(after)[0]).toBe(made.body.docId);
      expect(docIds(after)).not.toContain(GOTEBORG);
      expect(after.body.entities[0]).toMatchObject({
        dataSource: { source: 'default', refId: '2711537', status: 'enable' },
        place: [{ poi: { title: 'Göteborg' } }],
      });
      expect(after.body.entities[0].score).toBeGreaterThan(before.body.entities[0].score);

      // disabled: hidden, and the default place is back
      await own.update(made.body.docId, { dataSource: { status: 'disable' } });
      const disabled = await own.search({ query: 'goteborg' });
      expect(docIds(disabled)).not.toContain(made.body.docId);
      expect(docIds(disabled)[0]).toBe(GOTEBORG);

      // enabled again, then deleted: only that place goes, the default results come back
      await own.update(made.body.docId, { dataSource: { status: 'enable' } });
      expect(docIds(await own.search({ query: 'goteborg' }))[0]).toBe(made.body.docId);
      await own.remove(made.body.docId);
      const restored = await own.search({ query: 'goteborg' });
      expect(docIds(restored)[0]).toBe(GOTEBORG);
      expect(restored.body.entities).toEqual(before.body.entities);
    });

    it('a custom place near a default one with a similar name overrides it; a focus point keeps it first', async () => {
      const { api: own } = await freshClient();
      const made = await own.create(placeBody('Springfield', 39.8, -89.65, { score: 1 }, { state: 'Illinois', country: 'USA' }));
      const res = await own.search({ query: 'springfield' });
      expect(docIds(res)[0]).toBe(made.body.docId);
      expect(docIds(res)).not.toContain(SPRINGFIELD_IL);
      expect(docIds(res).length).toBeGreaterThan(1); // other Springfields are still there
      const near = await own.search({ query: 'springfield', at: { lat: 39.78, lng: -89.6 } });
      expect(docIds(near)[0]).toBe(made.body.docId);
    });

    it('finds places of a named custom dataset by partial and misspelled text, with filters', async () => {
      const { api: own } = await freshClient();
      const made = await own.create(
        placeBody(
          'Zanzibar Logistics Hub',
          59.33,
          18.06,
          { dataSource: { source: 'hubs', refId: 'h-9' } },
          { city: 'Stockholm', country: 'SWE' },
        ),
      );
      for (const query of ['zanzibar logistics hub', 'zanzibar logi', 'zanzibra logistics']) {
        const res = await own.search({ query });
        expect(docIds(res)[0], query).toBe(made.body.docId);
        expect(res.body.entities[0].dataSource).toEqual({ source: 'hubs', refId: 'h-9', status: 'enable' });
      }
      const hidden = await own.create(
        placeBody('Zanzibar Logistics Annex', 59.34, 18.07, { dataSource: { source: 'hubs', status: 'disable' } }),
      );
      expect(hidden.status).toBe(200);
      expect(docIds(await own.search({ query: 'zanzibar logistics annex' }))).not.toContain(hidden.body.docId);
      expect(docIds(await own.search({ query: 'zanzibar logistics', country: 'SWE' }))[0]).toBe(made.body.docId);
      expect(docIds(await own.search({ query: 'zanzibar logistics', country: 'NOR' }))).not.toContain(made.body.docId);
      expect(docIds(await own.search({ query: 'zanzibar logistics', at: { lat: 59.3, lng: 18.0 }, radius: '10km' }))).toContain(
        made.body.docId,
      );
      expect(docIds(await own.search({ query: 'zanzibar logistics', at: { lat: 55.6, lng: 13.0 }, radius: '5000m' }))).not.toContain(
        made.body.docId,
      );
    });

    it('another instance sees new, changed and deleted places at its next search (default bound 0)', async () => {
      const { org, api: own } = await freshClient();
      const other = new PlaceService(new DynamoPlaceStore());
      const space = spaceOf(org, null);
      const found = async (q: string) => customIds(await other.search(space, { query: q }));
      expect(await found('wombat wharf')).toEqual([]);
      const docId = (await own.create(placeBody('Wombat Wharf', -33.0, 151.0))).body.docId;
      expect(await found('wombat wharf')).toEqual([docId]);
      await own.update(docId, { place: [{ geopoint: { lat: -33.0, lng: 151.0 }, poi: { title: 'Echidna Jetty' } }] });
      expect(await found('wombat wharf')).toEqual([]);
      expect(await found('echidna jetty')).toEqual([docId]);
      await own.remove(docId);
      expect(await found('echidna jetty')).toEqual([]);
    });

    it('with a configured staleness bound, another instance sees changes at most that late', async () => {
      const { org, api: own } = await freshClient();
      let now = Date.now();
      const other = new PlaceService(new DynamoPlaceStore(), { clock: () => now, maxStaleMs: 2000 });
      const space = spaceOf(org, null);
      const found = async (q: string) => customIds(await other.search(space, { query: q }));
      expect(await found('quokka quay')).toEqual([]);
      const docId = (await own.create(placeBody('Quokka Quay', -32.0, 115.5))).body.docId;
      expect(await found('quokka quay')).toEqual([]); // within the bound: may still be stale
      now += 2001;
      expect(await found('quokka quay')).toEqual([docId]);
      await own.update(docId, { dataSource: { status: 'disable' } });
      now += 2001;
      expect(await found('quokka quay')).toEqual([]);
      await own.update(docId, { dataSource: { status: 'enable' } });
      now += 2001;
      expect(await found('quokka quay')).toEqual([docId]);
      await own.remove(docId);
      now += 2001;
      expect(await found('quokka quay')).toEqual([]);
    });
  });

  describe('isolation and access', () => {
    it("a namespaced key never sees another space's places, and the root key not the namespace's", async () => {
      const { key: rootKey, api: root } = await freshClient();
      process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
      const made = await invoke(createKey, {
        method: 'POST',
        path: '/namespaced-apikeys',
        query: { key: rootKey, namespace: 'tenant' },
        body: {},
      });
      const madeB = await invoke(createKey, {
        method: 'POST',
        path: '/namespaced-apikeys',
        query: { key: rootKey, namespace: 'tenant-b' },
        body: {},
      });
      process.env.WAYMARK_KEY_DELAY_SECONDS = '900';
      expect(made.status).toBe(200);
      const tenant = geocodingClient(made.body.result.apikey);
      const tenantB = geocodingClient(madeB.body.result.apikey);

      const rootPlace = (await root.create(placeBody('Xylophone Yard', 35.0, 135.0, { score: 1 }))).body.docId;
      expect(customIds(await root.search({ query: 'xylophone yard' }))).toEqual([rootPlace]);
      expect(customIds(await tenant.search({ query: 'xylophone yard' }))).toEqual([]);
      expect((await tenant.get(rootPlace)).status).toBe(404);
      expect((await tenant.update(rootPlace, { score: 0 })).status).toBe(404);
      expect((await tenant.remove(rootPlace)).status).toBe(404);
      // the same place in the tenant's space is not a near-duplicate of the root's
      const tenantPlace = (await tenant.create(placeBody('Xylophone Yard', 35.0, 135.0, { score: 1 }))).body.docId;
      expect(tenantPlace).not.toBe(rootPlace);
      expect(customIds(await tenant.search({ query: 'xylophone yard' }))).toEqual([tenantPlace]);
      expect(customIds(await tenantB.search({ query: 'xylophone yard' }))).toEqual([]);
      expect(customIds(await root.search({ query: 'xylophone yard' }))).toEqual([rootPlace]);
      expect((await root.get(tenantPlace)).status).toBe(404);
      expect(customIds((await tenantB.batch({ queries: [{ query: 'xylophone yard' }] })).body.results[0])).toEqual([]);
      expect((await root.get(rootPlace)).body.score).toBe(1);
    });

    it('403 for a key without the multigeocode service', async () => {
      const { key } = await newOrgKey({ services: ['tracking'] });
      const res = await geocodingClient(key).search({ query: 'paris' });
      expect(res.status).toBe(403);
      expect((await geocodingClient(key).create(placeBody('x', 1, 1))).status).toBe(403);
    });
  });

  describe('batch geocode', () => {
    it('answers up to 100 queries in order, custom places included', async () => {
      const { api: own } = await freshClient();
      const custom = (await own.create(placeBody('Kestrel Point', 51.0, -1.0))).body.docId;
      const texts = ['goteborg', 'tokyo', 'springfield', 'kestrel point'];
      const queries = Array.from({ length: 100 }, (_, i) => ({ query: texts[i % 4], limit: 2 }));
      const res = await own.batch({ queries });
      expect(res.status).toBe(200);
      expect(res.body.results).toHaveLength(100);
      res.body.results.forEach((r: { entities: Array<{ docId: string }> }, i: number) => {
        const expected = [GOTEBORG, 'gn:1850147', SPRINGFIELD_IL, custom][i % 4];
        expect(r.entities[0].docId, `queries[${i}]`).toBe(expected);
        expect(r.entities.length).toBeLessThanOrEqual(2);
      });
    });

    it('101 queries -> 400; an invalid query names its index', async () => {
      // one key each: the batch quota is 1 request per second
      const [a, b, c] = await Promise.all([freshClient(), freshClient(), freshClient()]);
      const many = await a.api.batch({ queries: Array.from({ length: 101 }, () => ({ query: 'paris' })) });
      expect(many.status).toBe(400);
      expect(many.body.message).toBe('queries: must contain at most 100 queries (got 101)');
      const bad = await b.api.batch({ queries: [{ query: 'paris' }, { query: '' }] });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('queries[1].query');
      expect((await c.api.batch({})).body.field).toBe('queries');
    });

    it('accepts the bare array and `q`', async () => {
      const { api: own } = await freshClient();
      const res = await own.batch([
        { q: 'tokyo', limit: 1 },
        { query: 'goteborg', limit: 1 },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: { entities: Array<{ docId: string }> }) => r.entities[0].docId)).toEqual(['gn:1850147', GOTEBORG]);
    });

    it("answers the client's items beside results, and honours its `in` filter; `lang` is refused", async () => {
      const [a, b, c] = await Promise.all([freshClient(), freshClient(), freshClient()]);
      const res = await a.api.batch([
        { q: 'springfield', limit: 3 },
        { q: 'springfield', limit: 3, in: 'countryCode:USA' },
        { q: 'springfield', limit: 5, in: 'circle:39.8,-89.64;r=50000' },
        { q: 'springfield', limit: 5, in: 'bbox:-90.5,39.0,-89.0,40.5', at: '37.2,-93.3' },
        { q: 'goteborg', at: '57.7,11.97', limit: 1 },
      ]);
      expect(res.status).toBe(200);
      const { results, items } = res.body;
      // Every query's candidates, in query order, tagged with the query they answer.
      expect(items.map((i: { id: string }) => i.id)).toEqual(
        results.flatMap((r: { entities: Array<{ docId: string }> }) => r.entities.map((e) => e.docId)),
      );
      const byQuery = (q: number) => items.filter((i: { query_index: number }) => i.query_index === q);
      expect(byQuery(1).every((i: any) => i.address.countryCode === 'USA')).toBe(true);
      expect(byQuery(2).map((i: { id: string }) => i.id)).toEqual([SPRINGFIELD_IL]);
      expect(byQuery(3).map((i: { id: string }) => i.id)).toEqual([SPRINGFIELD_IL]);
      const [gbg] = byQuery(4);
      expect(gbg).toMatchObject({
        id: GOTEBORG,
        title: 'Göteborg',
        address: { countryCode: 'SWE', countryName: 'Sweden', city: 'Göteborg', label: expect.any(String) },
        position: { lat: expect.stringMatching(/^57\.7/), lng: expect.stringMatching(/^11\.9/) },
        access: { lat: expect.any(Number), lng: expect.any(Number) },
        distance: expect.any(Number),
        scoring: { queryScore: expect.any(Number), fieldScore: {} },
      });
      expect(gbg.scoring.queryScore).toBeGreaterThan(0);
      expect(gbg.scoring.queryScore).toBeLessThanOrEqual(1);

      const lang = await b.api.batch([{ q: 'tokyo' }, { q: 'paris', lang: 'fr' }]);
      expect(lang.status).toBe(400);
      expect(lang.body.field).toBe('queries[1].lang');
      const badIn = await c.api.batch([{ q: 'tokyo', in: 'polygon:1,2,3' }]);
      expect(badIn.status).toBe(400);
      expect(badIn.body.field).toBe('queries[0].in');
    });

    it('allows 1 request per second per key (429 with Retry-After)', async () => {
      const { api: own } = await freshClient();
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 6 }, () => own.batch({ queries: [{ query: 'tokyo' }] })));
      const windows = Math.floor((Date.now() - started) / 1000) + 2; // one-second windows the burst can touch
      const admitted = results.filter((r) => r.status === 200).length;
      expect(admitted).toBeGreaterThanOrEqual(1);
      expect(admitted).toBeLessThanOrEqual(Math.min(windows, 5));
      expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      const refused = results.find((r) => r.status === 429)!;
      expect(refused.body.message).toMatch(/batch_geocode requests per second/);
      expect(Number(refused.headers['retry-after'])).toBe(1);
      // another key is not affected
      expect((await (await freshClient()).api.batch({ queries: [{ query: 'tokyo' }] })).status).toBe(200);
    });
  });
});
