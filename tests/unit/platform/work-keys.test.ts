import { describe, expect, it } from 'vitest';
import { workItemKey } from '../../../shared/platform/work';

describe('work item keys', () => {
  it('spreads a space’s relay items over 16 keys, evenly enough that no key takes twice its share', () => {
    const perKey = new Map<string, number>();
    for (let i = 0; i < 16_000; i++) {
      const { pk } = workItemKey({ kind: 'relay', space: 'sp|', key: `sp|#asset-${i}#1700000000000` });
      perKey.set(pk, (perKey.get(pk) ?? 0) + 1);
    }
    expect([...perKey.keys()].every((pk) => /^sp\|#relay#\d+$/.test(pk))).toBe(true);
    expect(perKey.size).toBe(16);
    expect(Math.max(...perKey.values())).toBeLessThan(2_000);
  });

  it('keeps one relay item per asset on the same key every time', () => {
    const w = { kind: 'relay' as const, space: 'sp|', key: 'sp|#truck-7#1700000000000' };
    expect(workItemKey(w)).toEqual(workItemKey({ ...w }));
    expect(workItemKey(w).sk).toBe(w.key);
  });

  it('keeps a space’s purge items on one key, where a delete looks its tombstones up', () => {
    expect(workItemKey({ kind: 'purge', space: 'sp|', key: 'a' }).pk).toBe('sp|#purge');
    expect(workItemKey({ kind: 'purge', space: 'sp|', key: 'b' }).pk).toBe('sp|#purge');
  });
});
