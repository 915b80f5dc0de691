import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertItemFits,
  assertTransactionFits,
  bodyShapeProblem,
  dynamoItemBytes,
  freeJsonProblem,
  isStorableNumber,
  jsonBytes,
} from '../../../shared/platform/limits';

describe('storable numbers', () => {
  it('accepts 0 and magnitudes from 1e-130 to 2^53 - 1, refuses the rest', () => {
    for (const ok of [0, -0, 1, -1.5, 1e-130, -1e-130, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 57.123456789])
      expect(isStorableNumber(ok)).toBe(true);
    for (const bad of [1e16, Number.MAX_SAFE_INTEGER + 2, 1e-131, 1e-200, -1e300, Infinity, NaN]) expect(isStorableNumber(bad)).toBe(false);
  });
});

describe('free JSON', () => {
  it('measures exactly what JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonBytes(v)).toBe(Buffer.byteLength(JSON.stringify(v), 'utf8'));
      }),
      { numRuns: 300 },
    );
  });

  it('names the path of the first unstorable number, then nesting, then size', () => {
    expect(freeJsonProblem({ a: [1, { b: 1e16 }] }, { maxBytes: 1000 })).toEqual({
      path: ['a', 1, 'b'],
      rule: expect.stringContaining('magnitude'),
    });
    expect(freeJsonProblem({ a: { b: { c: 1 } } }, { maxBytes: 1000, maxDepth: 2 })?.path).toEqual(['a', 'b']);
    expect(freeJsonProblem({ s: 'x'.repeat(100) }, { maxBytes: 50 })?.rule).toContain('at most 50 bytes');
    expect(freeJsonProblem({ s: 'ok', n: [1, 2.5] }, { maxBytes: 50 })).toBeNull();
  });

  it('finds nesting 100,000 deep and reserved names without recursing', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(bodyShapeProblem(deep)).toContain('more than 32 levels deep');
    expect(bodyShapeProblem(JSON.parse('{"a":[{"__proto__":{}}]}'))).toContain('"__proto__"');
    expect(bodyShapeProblem({ meta: { constructor: 'acme' } })).toContain('"constructor"');
    expect(bodyShapeProblem({ a: [[[{ b: 1 }]]] })).toBeNull();
  });
});

describe('DynamoDB item size', () => {
  it('counts names and values as DynamoDB does', () => {
    expect(dynamoItemBytes({ pk: 'abc' })).toBe(5);
    expect(dynamoItemBytes({ b: new Uint8Array(10) })).toBe(11);
    expect(dynamoItemBytes({ m: { k: 'v' } })).toBe(1 + 3 + 1 + 1 + 1);
    expect(dynamoItemBytes({ l: [true, null] })).toBe(1 + 3 + 2 + 2);
    expect(dynamoItemBytes({ n: 12345 })).toBe(1 + 4);
  });

  it('refuses with 413 naming the limit past 400 KB, or past 4 MB for one transaction', () => {
    expect(() => assertItemFits({ big: 'x'.repeat(400 * 1024) }, 'polygon')).toThrow(
      /polygon: would be stored as 401 KB; one stored item may take at most 400 KB/,
    );
    expect(() => assertItemFits({ ok: 'x'.repeat(1000) }, 'polygon')).not.toThrow();
    const items = Array.from({ length: 11 }, () => ({ v: 'x'.repeat(390 * 1024) }));
    expect(() => assertTransactionFits(items, 'geofences')).toThrow(expect.objectContaining({ status: 413, field: 'geofences' }));
  });
});
