import { beforeAll, describe, expect, it } from 'vitest';
import { CustomPlaceIndex, getDefaultIndex, search, type CustomPlace, type DefaultIndex } from '../../../shared/geocoding';

// What keeps a street query with its city word cheap without losing the street: the overlays
// of generated places index only their names (the city every street shares is context), and a
// good match among them spares the gazetteer its typo pass.

let index: DefaultIndex;
beforeAll(() => {
  index = getDefaultIndex();
}, 120_000);

const street = (docId: string, name: string): CustomPlace => ({
  docId,
  place: [
    { geopoint: { lat: 57.7, lng: 11.97 }, street: name, poi: { title: name }, city: 'Göteborg', address: `${name}, Göteborg, Sweden` },
  ],
  dataSource: { source: 'streets', status: 'enable' },
});

describe('an overlay whose address lines are generated', () => {
  const names = ['Kungsgatan', 'Vasagatan', 'Lilla Kungsgatan', 'Storgatan', 'Göteborgsvägen'];
  const generated = new CustomPlaceIndex(
    names.map((n, i) => street(`s${i}`, n)),
    { addressIsName: false },
  );
  const named = new CustomPlaceIndex(names.map((n, i) => street(`s${i}`, n)));

  it('finds the street with its city; the city word alone, a context word of every street, finds none', () => {
    const hits = generated.matches({ query: 'Kungsgatan Göteborg', limit: 5 }, index);
    expect(hits.map((h) => h.key).sort()).toEqual(['s0', 's2']);
    expect(hits.find((h) => h.key === 's0')!.text).toBeGreaterThanOrEqual(0.9);
    expect(generated.matches({ query: 'Göteborg', limit: 5 }, index)).toEqual([]);
    // where the address is a name (a custom place's own), every place sharing the city matches
    expect(named.matches({ query: 'Göteborg', limit: 5 }, index)).toHaveLength(names.length);
  });

  it('takes a prefix of a name word for any query word, not only the last', () => {
    const hits = generated.matches({ query: 'Kungsg Göteborg', limit: 5 }, index);
    expect(hits.map((h) => h.key)).toContain('s0');
  });
});

describe('the typo pass of the gazetteer', () => {
  it('runs when nothing matched well, and not when the caller found a good match elsewhere', () => {
    const typoOnly = search({ query: 'Stockholn', limit: 5 }, { index });
    expect(typoOnly.entities[0]?.place[0].city).toBe('Stockholm');
    expect(search({ query: 'Stockholn', limit: 5 }, { index, matchedElsewhere: 0.95 }).entities).toEqual([]);
    // a weak match elsewhere does not stop it
    expect(search({ query: 'Stockholn', limit: 5 }, { index, matchedElsewhere: 0.5 }).entities[0]?.place[0].city).toBe('Stockholm');
  });
});
