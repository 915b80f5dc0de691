import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CustomPlaceIndex,
  foldText,
  getDefaultIndex,
  haversineMeters,
  parseRadius,
  search,
  type DefaultIndex,
} from '../../../shared/geocoding';
import { osaDistance, tokenMatch, withinOneEdit } from '../../../shared/geocoding/text';

const word = fc.stringMatching(/^[a-z]{1,12}$/);

describe('text primitives', () => {
  it('foldText is idempotent and yields lower-case words separated by single spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const f = foldText(s);
        expect(foldText(f)).toBe(f);
        expect(f).toBe(f.trim());
        expect(f).not.toMatch(/ {2}/);
        expect(f).toBe(f.toLowerCase());
      }),
    );
  });

  it('osaDistance is symmetric, zero only for equal strings, and agrees with withinOneEdit', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = osaDistance(a, b, 20);
        expect(osaDistance(b, a, 20)).toBe(d);
        expect(d === 0).toBe(a === b);
        expect(withinOneEdit(a, b)).toBe(d <= 1);
      }),
      { numRuns: 500 },
    );
  });

  it('one random edit is always within one edit, and tokenMatch ranks exact above it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{5,12}$/), fc.nat(), fc.constantFrom('sub', 'del', 'ins', 'swap'), (w, pos, op) => {
        const p = pos % (w.length - 1);
        const edited =
          op === 'sub'
            ? w.slice(0, p) + (w[p] === 'z' ? 'y' : 'z') + w.slice(p + 1)
            : op === 'del'
              ? w.slice(0, p) + w.slice(p + 1)
              : op === 'ins'
                ? w.slice(0, p) + 'q' + w.slice(p)
                : w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
        expect(osaDistance(w, edited, 3)).toBeLessThanOrEqual(1);
        if (edited !== w) expect(tokenMatch(edited, w, false)).toBeLessThan(tokenMatch(w, w, false));
      }),
      { numRuns: 300 },
    );
  });

  it('parseRadius: "<n>km" is 1000 x "<n>m"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (n) => {
        expect(parseRadius(`${n}km`)).toBe(parseRadius(`${n * 1000}m`));
      }),
    );
  });
});

describe('search invariants on the real dataset', () => {
  let index: DefaultIndex;
  // generous timeout: building the index takes ~1-2 s, much longer on a busy machine
  beforeAll(() => {
    index = getDefaultIndex();
  }, 120_000);

  // queries built from real names (possibly cut or edited) plus random noise
  const queryArb = () =>
    fc.oneof(
      fc.nat().map((n) => index.g.name[n % index.g.size]),
      fc.tuple(fc.nat(), fc.integer({ min: 1, max: 8 })).map(([n, k]) => index.g.name[n % index.g.size].slice(0, k)),
      fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /[\p{L}\p{N}]/u.test(s)),
    );

  it('never throws, honours limit, sorts by score and returns unique docIds', () => {
    fc.assert(
      fc.property(queryArb(), fc.integer({ min: 1, max: 20 }), (query, limit) => {
        const { entities } = search({ query, limit }, { index });
        expect(entities.length).toBeLessThanOrEqual(limit);
        for (let i = 1; i < entities.length; i++) expect(entities[i - 1].score).toBeGreaterThanOrEqual(entities[i].score);
        expect(new Set(entities.map((e) => e.docId)).size).toBe(entities.length);
      }),
      { numRuns: 150 },
    );
    // 2.6 to 3.6 s in whole-suite runs on a 2-core machine, up to 19 s under load average 12-14 (other suites running too).
  }, 30_000);

  it('an exact main name always finds that place among places of the same name (country filter)', () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        const i = n % index.g.size;
        const alpha3 = index.g.countries[index.g.country[i]].alpha3;
        const { entities } = search(
          { query: index.g.name[i], limit: 10, country: [alpha3], at: { lat: index.g.lat[i], lng: index.g.lon[i] } },
          { index },
        );
        expect(entities.map((e) => e.docId)).toContain('gn:' + index.g.geonameId[i]);
      }),
      { numRuns: 150 },
    );
  });

  it('country and radius filters are always respected', () => {
    fc.assert(
      fc.property(queryArb(), fc.nat(), fc.integer({ min: 1, max: 500 }), (query, n, km) => {
        const i = n % index.g.size;
        const at = { lat: index.g.lat[i], lng: index.g.lon[i] };
        const alpha3 = index.g.countries[index.g.country[i]].alpha3;
        const byCountry = search({ query, limit: 10, country: [alpha3] }, { index }).entities;
        for (const e of byCountry) expect(e.place[0].country).toBe(alpha3);
        const byRadius = search({ query, limit: 10, at, radius: km * 1000 }, { index }).entities;
        for (const e of byRadius) {
          expect(haversineMeters(at.lat, at.lng, e.place[0].geopoint.lat, e.place[0].geopoint.lng)).toBeLessThanOrEqual(km * 1000 + 1e-6);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a disabled custom place never appears; an enabled one with the exact query as title and score 1 ranks first', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{4,10}( [a-z]{3,8})?$/),
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        (title, lat, lng) => {
          const place = { geopoint: { lat, lng }, poi: { title } };
          const off = new CustomPlaceIndex([
            { docId: 'x', place: [place], dataSource: { source: 'default', status: 'disable' }, score: 1 },
          ]);
          expect(search({ query: title, limit: 20 }, { index, custom: off }).entities.map((e) => e.docId)).not.toContain('x');
          const on = new CustomPlaceIndex([{ docId: 'x', place: [place], dataSource: { source: 'default', status: 'enable' }, score: 1 }]);
          expect(search({ query: title, limit: 5 }, { index, custom: on }).entities[0].docId).toBe('x');
        },
      ),
      { numRuns: 60 },
    );
  });
});
