import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexedHeap } from '../../../shared/roads/heap';

type Op = { push: [number, number] } | { pop: true } | { clear: true };

const ID_COUNT = 40;
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.nat(ID_COUNT - 1), fc.integer({ min: 0, max: 30 })).map((push) => ({ push })) },
  { weight: 3, arbitrary: fc.constant({ pop: true as const }) },
  { weight: 1, arbitrary: fc.constant({ clear: true as const }) },
);

describe('IndexedHeap against a map of ids to keys', () => {
  it('pops a smallest key, keeps the smaller of two keys for an id, and forgets everything on clear', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const heap = new IndexedHeap(ID_COUNT);
        const model = new Map<number, number>();
        for (const o of ops) {
          if ('push' in o) {
            const [id, key] = o.push;
            heap.push(id, key);
            model.set(id, Math.min(model.get(id) ?? Infinity, key));
          } else if ('clear' in o) {
            heap.clear();
            model.clear();
          } else if (model.size > 0) {
            const least = Math.min(...model.values());
            expect(heap.peekKey()).toBe(least);
            const id = heap.pop();
            expect(model.get(id)).toBe(least);
            model.delete(id);
          }
          expect(heap.size).toBe(model.size);
          for (let id = 0; id < ID_COUNT; id++) expect(heap.contains(id)).toBe(model.has(id));
        }
        if (model.size === 0) expect(heap.peekKey()).toBe(Infinity);
      }),
      { numRuns: 300 },
    );
  });
});
