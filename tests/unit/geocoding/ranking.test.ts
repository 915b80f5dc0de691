import { beforeAll, describe, expect, it } from 'vitest';
import {
  DefaultIndex,
  getDefaultIndex,
  haversineMeters,
  search,
  searchBody,
  type Entity,
  type SearchRequest,
} from '../../../shared/geocoding';
import { makePlan, textScore, type RankDoc } from '../../../shared/geocoding/rank';

// The real default dataset, loaded once for this file.
let index: DefaultIndex;
// generous timeout: building the index takes ~1-2 s, much longer on a busy machine
beforeAll(() => {
  index = getDefaultIndex();
}, 120_000);

const run = (query: string, extra: Partial<SearchRequest> = {}) => search({ query, limit: 10, ...extra }, { index }).entities;
const label = (e: Entity) => `${e.place[0].city}|${e.place[0].state}|${e.place[0].country}`;
const rankOf = (list: Entity[], pred: (e: Entity) => boolean) => list.findIndex(pred);

describe('default dataset', () => {
  it('holds about 120k places with stable gn: docIds', () => {
    expect(index.stats.places).toBeGreaterThan(110_000);
    expect(index.stats.places).toBeLessThan(140_000);
    const paris = run('paris', { limit: 1 })[0];
    expect(paris.docId).toBe('gn:2988507');
  });

  it('answers in the exact wire entity shape', () => {
    const [e] = run('Berlin', { limit: 1 });
    expect(Object.keys(e).sort()).toEqual(['dataSource', 'docId', 'place', 'score']);
    expect(e.dataSource).toEqual({ source: 'default', refId: '2950159', status: 'enable' });
    expect(typeof e.score).toBe('number');
    const item = e.place[0];
    expect(item.geopoint.lat).toBeCloseTo(52.52, 1);
    expect(item.geopoint.lng).toBeCloseTo(13.41, 1);
    expect(item.country).toBe('DEU');
    expect(item.city).toBe('Berlin');
    expect(item.poi).toEqual({ title: 'Berlin' });
    const allowed = [
      'geopoint',
      'country',
      'state',
      'city',
      'district',
      'subDistrict',
      'street',
      'postalCode',
      'house',
      'building',
      'poi',
      'address',
    ];
    for (const k of Object.keys(item)) expect(allowed).toContain(k);
  });

  it('returns entities sorted by descending score and at most `limit`', () => {
    const list = run('san', { limit: 7 });
    expect(list.length).toBe(7);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].score).toBeGreaterThanOrEqual(list[i].score);
  });

  it('returns no entities when nothing matches', () => {
    expect(run('qqxzzvq')).toEqual([]);
  });
});

describe('ranking', () => {
  it('exact beats prefix beats fuzzy for the same place (text score)', () => {
    const doc: RankDoc = { variants: ['springfield'], altFrom: 1, hasContext: () => false, hasContextPrefix: () => false };
    const plan = (q: string) => makePlan(q, () => false);
    const exact = textScore(plan('springfield'), doc);
    const prefix = textScore(plan('springf'), doc);
    const fuzzy = textScore(plan('sprimgfield'), doc);
    expect(exact).toBe(1);
    expect(prefix).toBeLessThan(exact);
    expect(fuzzy).toBeLessThan(exact);
    expect(fuzzy).toBeGreaterThan(0);
  });

  it('a trailing space ends the last word: no prefix matches for it', () => {
    expect(run('springf')[0].place[0].city).toBe('Springfield');
    const complete = run('springf ');
    expect(complete.some((e) => e.place[0].city === 'Springfield' && e.score > 0.8)).toBe(false);
  });

  it('an exact name match outranks a one-typo match (Paris, Texas above Parys)', () => {
    const list = run('paris', { limit: 20 });
    const exactTexas = rankOf(list, (e) => e.place[0].city === 'Paris' && e.place[0].state === 'Texas');
    const fuzzyParys = rankOf(list, (e) => e.place[0].city === 'Parys');
    expect(exactTexas).toBeGreaterThanOrEqual(0);
    expect(fuzzyParys).toBeGreaterThanOrEqual(0);
    expect(exactTexas).toBeLessThan(fuzzyParys);
  });

  it('the bigger city wins a tie on the name', () => {
    const list = run('portland');
    expect(label(list[0])).toBe('Portland|Oregon|USA');
    const maine = rankOf(list, (e) => e.place[0].state === 'Maine');
    expect(maine).toBeGreaterThan(0);
    const london = run('london');
    expect(london[0].place[0].country).toBe('GBR');
    expect(london[0].score).toBeGreaterThan(london[1].score);
  });

  it('a focus point flips the order between two Springfields', () => {
    const nearMass = run('springfield', { at: { lat: 42.1, lng: -72.59 } });
    const nearOregon = run('springfield', { at: { lat: 44.05, lng: -123.02 } });
    expect(label(nearMass[0])).toBe('Springfield|Massachusetts|USA');
    expect(label(nearOregon[0])).toBe('Springfield|Oregon|USA');
    const oregonInMass = rankOf(nearMass, (e) => e.place[0].state === 'Oregon');
    const massInOregon = rankOf(nearOregon, (e) => e.place[0].state === 'Massachusetts');
    expect(oregonInMass === -1 || oregonInMass > 0).toBe(true);
    expect(massInOregon === -1 || massInOregon > 0).toBe(true);
  });

  it.each([
    ['new yrok', 'New York City|New York|USA'],
    ['New Yrok', 'New York City|New York|USA'],
    ['londn', 'London|England|GBR'],
    ['san fran', 'San Francisco|California|USA'],
    ['los angles', 'Los Angeles|California|USA'],
    ['sprngfield', 'Springfield|Illinois|USA'],
    ['munchen', 'Munich|Bavaria|DEU'],
    ['München', 'Munich|Bavaria|DEU'],
    ['tokio', 'Tokyo|Tokyo|JPN'],
    ['amsterdm', 'Amsterdam|North Holland|NLD'],
  ])('misspelled or partial %s -> %s', (q, expected) => {
    expect(label(run(q)[0])).toBe(expected);
  });

  it.each([
    ['paris fr', 'FRA'],
    ['paris france', 'FRA'],
    ['Paris, France', 'FRA'],
    ['paris fra', 'FRA'],
    ['paris usa', 'USA'],
    ['paris texas', 'USA'],
    ['springfield il', 'USA'],
    ['london canada', 'CAN'],
  ])('country or state words in the query: %s -> %s', (q, country) => {
    const top = run(q)[0];
    expect(top.place[0].country).toBe(country);
    expect(top.place[0].city).toMatch(/^(Paris|Springfield|London)$/);
  });

  it('"paris texas" and "springfield il" pick the right state', () => {
    expect(run('paris texas')[0].place[0].state).toBe('Texas');
    expect(run('springfield il')[0].place[0].state).toBe('Illinois');
  });
});

describe('filters', () => {
  it('country filter keeps only the listed alpha-3 countries', () => {
    const list = run('paris', { country: ['USA'], limit: 20 });
    expect(list.length).toBeGreaterThan(3);
    for (const e of list) expect(e.place[0].country).toBe('USA');
    const two = run('london', { country: ['CAN', 'USA'], limit: 20 });
    for (const e of two) expect(['CAN', 'USA']).toContain(e.place[0].country);
    expect(two.some((e) => e.place[0].country === 'CAN')).toBe(true);
  });

  it('radius filter keeps only places within the radius of `at`', () => {
    const at = { lat: 42.1, lng: -72.59 };
    const list = run('springfield', { at, radius: 50_000, limit: 20 });
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) {
      expect(haversineMeters(at.lat, at.lng, e.place[0].geopoint.lat, e.place[0].geopoint.lng)).toBeLessThanOrEqual(50_000);
    }
    // a short prefix under a radius still finds local places
    const sf = run('san', { at: { lat: 37.7, lng: -122.4 }, radius: 50_000 });
    expect(sf.length).toBeGreaterThan(3);
  });

  it('state and city filters', () => {
    const list = run('springfield', { state: 'Missouri' });
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) expect(e.place[0].state).toBe('Missouri');
    const il = run('springfield', { state: 'IL' });
    expect(il[0].place[0].state).toBe('Illinois');
    const city = run('paris', { city: 'Paris', country: ['FRA'] });
    expect(city.map((e) => e.docId)).toEqual(['gn:2988507']);
  });
});

describe('searchBody (wire validation)', () => {
  it('rejects an empty query with a 400 naming the field', () => {
    expect(() => searchBody({ query: '   ' }, { index })).toThrowError(/query: must not be empty/);
    try {
      searchBody({}, { index });
      expect.unreachable();
    } catch (e) {
      expect((e as { status: number }).status).toBe(400);
      expect((e as { field: string }).field).toBe('query');
    }
  });

  it('parses radius, at and country from the wire', () => {
    const res = searchBody({ query: 'springfield', at: { lat: 42.1, lng: -72.59 }, radius: '5km', country: 'usa', limit: 3 }, { index });
    expect(res.entities.length).toBeGreaterThan(0);
    expect(res.entities.length).toBeLessThanOrEqual(3);
    expect(() => searchBody({ query: 'x', country: 'ZZZ' }, { index })).toThrowError(/country: "ZZZ" is not a known/);
  });
});

describe('lazy shards', () => {
  it('a fresh index builds only the shards a search needs, and answers like a fully built one', () => {
    const fresh = DefaultIndex.load();
    expect(fresh.stats.shardsBuilt).toBe(0);
    const a = search({ query: 'paris', limit: 5 }, { index: fresh });
    expect(fresh.stats.shardsBuilt).toBeGreaterThan(0);
    expect(fresh.stats.shardsBuilt).toBeLessThan(fresh.stats.shardsTotal / 2);
    index.buildAllShards();
    expect(index.stats.shardsBuilt).toBe(index.stats.shardsTotal);
    for (const q of ['paris', 'new yrok', 'sprngf', 'san fran', 'zürich']) {
      expect(search({ query: q, limit: 5 }, { index: fresh })).toEqual(search({ query: q, limit: 5 }, { index }));
    }
    expect(a.entities[0].docId).toBe('gn:2988507');
  }, 120_000);
});
