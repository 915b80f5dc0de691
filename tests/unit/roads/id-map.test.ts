import { describe, expect, it } from 'vitest';
import { IdMap } from '../../../shared/roads/id-map';
import { seededRandom } from '../../fixtures/random';

describe('IdMap (OSM id -> int32, typed arrays)', () => {
  it('agrees with a Map over random ids past 2^32, negatives and overwrites, through growth', () => {
    const rand = seededRandom(5);
    const m = new IdMap(4);
    const ref = new Map<number, number>();
    for (let i = 0; i < 50_000; i++) {
      const big = Math.floor(rand() * 2 ** 34);
      const key = i % 7 === 0 ? -big : i % 5 === 0 ? Math.floor(rand() * 3000) : big;
      const val = Math.floor(rand() * 2 ** 31) * (rand() < 0.5 ? -1 : 1);
      m.set(key, val);
      ref.set(key, val);
    }
    expect(m.size).toBe(ref.size);
    for (const [k, v] of ref) expect(m.get(k)).toBe(v);
    for (let i = 0; i < 2000; i++) {
      const k = Math.floor(rand() * 2 ** 40) + 2 ** 41; // never inserted
      expect(m.get(k)).toBeUndefined();
      expect(m.has(k)).toBe(false);
    }
  });

  it('refuses keys that are not safe integers', () => {
    const m = new IdMap();
    expect(() => m.set(1.5, 1)).toThrow(/safe integer/);
    expect(() => m.set(2 ** 53, 1)).toThrow(/safe integer/);
  });

  it('holds more entries than a Map can (2^24)', { timeout: 120_000 }, () => {
    const n = 2 ** 24 + 1000;
    const m = new IdMap(n);
    for (let i = 0; i < n; i++) m.set(i * 3 + 1_000_000_000, i);
    expect(m.size).toBe(n);
    expect(m.get((n - 1) * 3 + 1_000_000_000)).toBe(n - 1);
    expect(m.get(7)).toBeUndefined();
  });
});
