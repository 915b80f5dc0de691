import { describe, expect, it } from 'vitest';
import { GeocodeValidationError, parseAt, parseBatch, parseCountries, parseRadius, parseSearchBody } from '../../../shared/geocoding';
import { ApiError } from '../../../shared/platform/errors';

const err = (fn: () => unknown): GeocodeValidationError => {
  try {
    fn();
  } catch (e) {
    return e as GeocodeValidationError;
  }
  throw new Error('expected an error');
};

describe('parseRadius', () => {
  it.each([
    ['5000m', 5000],
    ['5km', 5000],
    ['1.5 km', 1500],
    ['250M', 250],
    ['10KM', 10_000],
    ['300', 300],
    [1200, 1200],
  ])('%s -> %d m', (input, meters) => {
    expect(parseRadius(input)).toBe(meters);
  });

  it.each(['5 miles', 'km', '-5km', '0m', 'abc', '', '5e3m'])('rejects %s naming the rule', (input) => {
    const e = err(() => parseRadius(input));
    expect(e).toBeInstanceOf(GeocodeValidationError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.field).toBe('radius');
    expect(e.message).toMatch(/^radius: /);
  });

  it('rejects radius beyond half the Earth and non-strings', () => {
    expect(err(() => parseRadius('30000km')).message).toMatch(/at most/);
    expect(err(() => parseRadius({})).message).toMatch(/radius: must be a string with unit/);
  });
});

describe('parseCountries', () => {
  it('upper-cases, trims and de-duplicates alpha-3 codes', () => {
    expect(parseCountries('usa, can,USA')).toEqual(['USA', 'CAN']);
    expect(parseCountries(['fra', 'DEU,ita'])).toEqual(['FRA', 'DEU', 'ITA']);
  });
  it('rejects alpha-2 codes, unknown codes and empty lists', () => {
    expect(err(() => parseCountries('US')).message).toMatch(/"US" is not an ISO 3166 alpha-3 code/);
    expect(err(() => parseCountries('ZZZ', (c) => c === 'USA')).message).toMatch(/"ZZZ" is not a known/);
    expect(err(() => parseCountries(' , ')).message).toMatch(/at least one/);
    expect(err(() => parseCountries(5)).field).toBe('country');
  });
});

describe('parseAt', () => {
  it('accepts {lat,lng}, {lat,lon} and "lat,lng"', () => {
    expect(parseAt({ lat: 1.5, lng: -2 })).toEqual({ lat: 1.5, lng: -2 });
    expect(parseAt({ lat: '1.5', lon: '-2' })).toEqual({ lat: 1.5, lng: -2 });
    expect(parseAt('48.85,2.35')).toEqual({ lat: 48.85, lng: 2.35 });
  });
  it('rejects out-of-range values naming the sub-field', () => {
    expect(err(() => parseAt({ lat: 91, lng: 0 })).field).toBe('at.lat');
    expect(err(() => parseAt({ lat: 0, lng: 181 })).field).toBe('at.lng');
    expect(err(() => parseAt('1;2')).field).toBe('at');
    expect(err(() => parseAt({ lat: 0 })).field).toBe('at.lng');
  });
});

describe('parseSearchBody', () => {
  it('validates a full body', () => {
    const req = parseSearchBody({
      query: '  Paris ',
      at: { lat: 48.8, lng: 2.3 },
      limit: 5,
      radius: '5km',
      country: 'fra',
      state: 'Île-de-France',
      city: 'Paris',
      street: 'Rue de Rivoli',
      district: '',
      subDistrict: null,
    });
    expect(req).toEqual({
      query: 'Paris ', // one trailing space kept: the last word is complete
      at: { lat: 48.8, lng: 2.3 },
      limit: 5,
      radius: 5000,
      country: ['FRA'],
      state: 'Île-de-France',
      city: 'Paris',
      street: 'Rue de Rivoli',
    });
  });

  it('defaults limit to 10 and trims the query start', () => {
    expect(parseSearchBody({ query: 'x' }).limit).toBe(10);
    expect(parseSearchBody({ query: '  new york' }).query).toBe('new york');
  });

  it.each([
    [{}, 'query', /query: is required/],
    [{ query: '' }, 'query', /query: must not be empty/],
    [{ query: ' ,.; ' }, 'query', /query: must not be empty/],
    [{ query: 5 }, 'query', /query: must be a string/],
    [{ query: 'x'.repeat(300) }, 'query', /at most 256/],
    [{ query: 'x', limit: 0 }, 'limit', /limit: must be an integer between 1 and 100/],
    [{ query: 'x', limit: 101 }, 'limit', /limit/],
    [{ query: 'x', limit: 2.5 }, 'limit', /limit/],
    [{ query: 'x', radius: '5km' }, 'radius', /radius: requires a focus point/],
    [{ query: 'x', state: 7 }, 'state', /state: must be a string/],
    [null, 'body', /body: must be a JSON object/],
    [[], 'body', /body: must be a JSON object/],
  ])('rejects %j (%s)', (body, field, message) => {
    const e = err(() => parseSearchBody(body));
    expect(e.status).toBe(400);
    expect(e.field).toBe(field);
    expect(e.message).toMatch(message);
  });

  it('prefixes field names for batch items', () => {
    const e = err(() => parseSearchBody({ query: 'x', limit: -1 }, { fieldPrefix: 'queries[4].' }));
    expect(e.field).toBe('queries[4].limit');
    expect(e.message).toMatch(/^queries\[4\]\.limit: must be an integer/);
  });
});

describe('parseBatch', () => {
  it('accepts 1..100 items and rejects more', () => {
    expect(parseBatch(new Array(100).fill({ query: 'x' }))).toHaveLength(100);
    expect(err(() => parseBatch(new Array(101).fill({ query: 'x' }))).message).toBe('queries: must contain at most 100 queries (got 101)');
  });
});
