import { beforeAll, describe, expect, it } from 'vitest';
import {
  CustomPlaceIndex,
  getDefaultIndex,
  placeTitle,
  search,
  searchBatch,
  type CustomPlace,
  type DefaultIndex,
  type SearchRequest,
} from '../../../shared/geocoding';

// The real default dataset, loaded once for this file.
let index: DefaultIndex;
// generous timeout: building the index takes ~1-2 s, much longer on a busy machine
beforeAll(() => {
  index = getDefaultIndex();
}, 120_000);

const PARIS_GN = 'gn:2988507';
const parisCustom = (over: Partial<CustomPlace> = {}): CustomPlace => ({
  docId: 'c-paris',
  place: [
    {
      geopoint: { lat: 48.8566, lng: 2.3522 }, // Hôtel de Ville, ~300 m from the GeoNames point
      country: 'FRA',
      state: 'Île-de-France',
      city: 'Paris',
      poi: { title: 'Paris' },
      address: 'Place de l’Hôtel de Ville, 75004 Paris, France',
    },
  ],
  dataSource: { source: 'default', status: 'enable' },
  score: 1,
  ...over,
});
const tower: CustomPlace = {
  docId: 'c-tower',
  place: [
    {
      geopoint: { lat: 48.8584, lng: 2.2945 },
      country: 'FRA',
      city: 'Paris',
      poi: { title: 'Eiffel Tower' },
      street: 'Avenue Gustave Eiffel',
      house: '5',
    },
  ],
  dataSource: { source: 'landmarks', refId: 'L1', status: 'enable' },
  score: 0.5,
};
const customIds = (list: { docId: string }[]) => list.map((e) => e.docId).filter((id) => !id.startsWith('gn:'));
const run = (overlay: CustomPlaceIndex | undefined, query: string, extra: Partial<SearchRequest> = {}) =>
  search({ query, limit: 10, ...extra }, { index, custom: overlay }).entities;

describe('custom places overlay', () => {
  it('a custom place overrides the default place it duplicates and ranks first', () => {
    const overlay = new CustomPlaceIndex([parisCustom()]);
    const list = run(overlay, 'paris');
    expect(list[0].docId).toBe('c-paris');
    expect(list[0].dataSource).toEqual({ source: 'default', status: 'enable' });
    expect(list[0].place[0].address).toContain('Hôtel de Ville');
    // the GeoNames Paris within 2 km with the same name is suppressed, other Parises stay
    expect(list.map((e) => e.docId)).not.toContain(PARIS_GN);
    expect(list.some((e) => e.place[0].state === 'Texas')).toBe(true);
    // without the overlay the default one is back
    expect(run(undefined, 'paris')[0].docId).toBe(PARIS_GN);
  });

  it('a custom place outranks a similar default result through its score', () => {
    // a custom "Springfield" far from every GeoNames Springfield, high score: ranks first, suppresses nothing
    const overlay = new CustomPlaceIndex([
      {
        docId: 'c-spr',
        place: [{ geopoint: { lat: 10, lng: 10 }, poi: { title: 'Springfield' } }],
        dataSource: { source: 'shops', status: 'enable' },
        score: 1,
      },
    ]);
    const list = run(overlay, 'springfield');
    expect(list[0].docId).toBe('c-spr');
    expect(list.filter((e) => e.docId.startsWith('gn:')).length).toBeGreaterThan(3);
    // with score 0 it does not beat the big Springfields
    const weak = new CustomPlaceIndex([{ ...overlay.get('c-spr')!, score: 0 }]);
    expect(run(weak, 'springfield')[0].docId).not.toBe('c-spr');
  });

  it('a refId naming a default docId overrides it wherever it is', () => {
    const overlay = new CustomPlaceIndex([
      parisCustom({
        docId: 'c-moved',
        dataSource: { source: 'default', refId: PARIS_GN, status: 'enable' },
        place: [{ geopoint: { lat: 48.9, lng: 2.5 }, poi: { title: 'Paris (centre)' } }],
      }),
    ]);
    const ids = run(overlay, 'paris').map((e) => e.docId);
    expect(ids).toContain('c-moved');
    expect(ids).not.toContain(PARIS_GN);
  });

  it('a place with a different name does not suppress the default one', () => {
    const overlay = new CustomPlaceIndex([tower]);
    const ids = run(overlay, 'paris').map((e) => e.docId);
    expect(ids).toContain(PARIS_GN);
    expect(run(overlay, 'eiffel')[0].docId).toBe('c-tower');
    expect(run(overlay, 'eifel tower')[0].docId).toBe('c-tower');
    // context words (city) count towards coverage
    expect(run(overlay, 'eiffel tower paris')[0].docId).toBe('c-tower');
  });

  it('a disabled place is hidden and does not override anything', () => {
    const overlay = new CustomPlaceIndex([
      parisCustom({ dataSource: { source: 'default', status: 'disable' } }),
      { ...tower, dataSource: { ...tower.dataSource, status: 'disable' } },
    ]);
    const ids = run(overlay, 'paris').map((e) => e.docId);
    expect(ids).not.toContain('c-paris');
    expect(ids[0]).toBe(PARIS_GN);
    expect(customIds(run(overlay, 'eiffel tower'))).toEqual([]);
  });

  it('add, update and remove are visible to the next search', () => {
    const overlay = new CustomPlaceIndex();
    expect(customIds(run(overlay, 'eiffel'))).toEqual([]);
    overlay.upsert(tower);
    expect(run(overlay, 'eiffel')[0].docId).toBe('c-tower');
    overlay.upsert({ ...tower, place: [{ ...tower.place[0], poi: { title: 'Tour Montparnasse' } }] });
    expect(customIds(run(overlay, 'eiffel'))).toEqual([]);
    expect(run(overlay, 'montparnasse')[0].docId).toBe('c-tower');
    expect(overlay.size).toBe(1);
    expect(overlay.remove('c-tower')).toBe(true);
    expect(overlay.remove('c-tower')).toBe(false);
    expect(customIds(run(overlay, 'montparnasse'))).toEqual([]);
    // deleting a custom place leaves the default results alone
    expect(run(overlay, 'paris')[0].docId).toBe(PARIS_GN);
  });

  it('overlays are isolated from each other', () => {
    const a = new CustomPlaceIndex([tower]);
    const b = new CustomPlaceIndex();
    expect(customIds(run(a, 'eiffel'))).toEqual(['c-tower']);
    expect(customIds(run(b, 'eiffel'))).toEqual([]);
  });

  it('filters apply to custom places too', () => {
    const overlay = new CustomPlaceIndex([tower]);
    expect(run(overlay, 'eiffel', { country: ['FRA'] })[0].docId).toBe('c-tower');
    expect(customIds(run(overlay, 'eiffel', { country: ['DEU'] }))).toEqual([]);
    expect(customIds(run(overlay, 'eiffel', { at: { lat: 52.52, lng: 13.4 }, radius: 10_000 }))).toEqual([]);
    expect(run(overlay, 'eiffel', { at: { lat: 48.86, lng: 2.3 }, radius: 5_000 })[0].docId).toBe('c-tower');
    expect(run(overlay, 'eiffel', { city: 'Paris' })[0].docId).toBe('c-tower');
    expect(customIds(run(overlay, 'eiffel', { city: 'Lyon' }))).toEqual([]);
  });

  it('street / district / subDistrict prefer matching places without filtering others out', () => {
    const shop = (docId: string, street: string): CustomPlace => ({
      docId,
      place: [{ geopoint: { lat: 52.5, lng: 13.4 }, poi: { title: 'Corner Shop' }, street, city: 'Berlin' }],
      dataSource: { source: 'shops', status: 'enable' },
    });
    const overlay = new CustomPlaceIndex([shop('s1', 'Alexanderplatz'), shop('s2', 'Unter den Linden')]);
    const ids = (street?: string) => customIds(run(overlay, 'corner shop', street ? { street } : {}));
    expect(ids('Unter den Linden')).toEqual(['s2', 's1']);
    expect(ids('alexanderplatz')).toEqual(['s1', 's2']);
  });

  it('returns custom entities in the wire shape with the stored place', () => {
    const overlay = new CustomPlaceIndex([tower]);
    const [e] = run(overlay, 'eiffel');
    expect(Object.keys(e).sort()).toEqual(['dataSource', 'docId', 'place', 'score']);
    expect(e.place).toEqual(tower.place);
    expect(e.dataSource).toEqual(tower.dataSource);
  });
});

describe('near-duplicate detection', () => {
  const overlay = new CustomPlaceIndex([tower]);
  it('flags a place within 100 m with nearly identical attributes', () => {
    const dup = overlay.findNearDuplicate({
      place: [{ ...tower.place[0], geopoint: { lat: 48.8588, lng: 2.2948 } }], // ~50 m away
      dataSource: { source: 'landmarks' },
    });
    expect(dup?.docId).toBe('c-tower');
    // one differing attribute is still a duplicate
    expect(overlay.findNearDuplicate({ place: [{ ...tower.place[0], house: '7' }], dataSource: { source: 'landmarks' } })?.docId).toBe(
      'c-tower',
    );
  });

  it('does not flag places further than 100 m, with another title, other attributes or another dataset', () => {
    expect(
      overlay.findNearDuplicate({
        place: [{ ...tower.place[0], geopoint: { lat: 48.86, lng: 2.2945 } }],
        dataSource: { source: 'landmarks' },
      }),
    ).toBeUndefined();
    expect(
      overlay.findNearDuplicate({
        place: [{ ...tower.place[0], poi: { title: 'Bir-Hakeim bridge' } }],
        dataSource: { source: 'landmarks' },
      }),
    ).toBeUndefined();
    expect(
      overlay.findNearDuplicate({ place: [{ ...tower.place[0], house: '7', street: 'Quai Branly' }], dataSource: { source: 'landmarks' } }),
    ).toBeUndefined();
    expect(overlay.findNearDuplicate({ place: tower.place, dataSource: { source: 'other' } })).toBeUndefined();
    // updating a place is not a conflict with itself
    expect(
      overlay.findNearDuplicate({ place: tower.place, dataSource: { source: 'landmarks' } }, { excludeDocId: 'c-tower' }),
    ).toBeUndefined();
  });

  it('placeTitle falls back from poi.title to building, address, street', () => {
    expect(placeTitle({ geopoint: { lat: 0, lng: 0 }, poi: { title: 'A' }, building: 'B' })).toBe('A');
    expect(placeTitle({ geopoint: { lat: 0, lng: 0 }, building: 'B', address: 'C' })).toBe('B');
    expect(placeTitle({ geopoint: { lat: 0, lng: 0 }, house: '5', street: 'Main St' })).toBe('5 Main St');
  });
});

describe('batch', () => {
  it('answers up to 100 bodies in order', () => {
    const bodies = Array.from({ length: 100 }, (_, i) => ({ query: i % 2 ? 'paris' : 'berlin', limit: 1 }));
    const out = searchBatch(bodies, { index });
    expect(out).toHaveLength(100);
    out.forEach((r, i) => expect(r.entities[0].place[0].city).toBe(i % 2 ? 'Paris' : 'Berlin'));
  });

  it('rejects 101 bodies and names an invalid item', () => {
    const bodies = Array.from({ length: 101 }, () => ({ query: 'paris' }));
    expect(() => searchBatch(bodies, { index })).toThrowError(/queries: must contain at most 100 queries/);
    expect(() => searchBatch([{ query: 'paris' }, { query: '' }], { index })).toThrowError(/queries\[1\]\.query: must not be empty/);
    expect(() => searchBatch([], { index })).toThrowError(/queries: must contain at least one/);
    expect(() => searchBatch({ query: 'x' }, { index })).toThrowError(/queries: must be an array/);
  });

  it('uses the caller overlay for every item', () => {
    const overlay = new CustomPlaceIndex([tower]);
    const out = searchBatch([{ query: 'eiffel' }, { query: 'berlin' }], { index, custom: overlay });
    expect(out[0].entities[0].docId).toBe('c-tower');
    expect(out[1].entities[0].place[0].city).toBe('Berlin');
  });
});
