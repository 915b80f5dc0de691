/** The hierarchy build's storage holds what plain arrays would, in the same order. */
import { describe, expect, it } from 'vitest';
import { EdgeColumns, EdgeLists } from '../../../shared/roads/ch-edges';
import { seededRandom } from '../../fixtures/random';

function listOf(a: EdgeLists, i: number): number[] {
  return Array.from(a.pool.subarray(a.start[i], a.start[i] + a.size[i]));
}

describe('pooled edge lists', () => {
  it('match per-list arrays through pushes, truncations and releases (moves and repacks included)', () => {
    const rand = seededRandom(7);
    const lists = 300;
    const model: number[][] = Array.from({ length: lists }, () => []);
    const released = new Set<number>();
    const a = new EdgeLists(Int32Array.from({ length: lists }, () => Math.floor(rand() * 3)));
    let next = 0;
    for (let step = 0; step < 40_000; step++) {
      const i = Math.floor(rand() * lists);
      if (released.has(i)) continue;
      const r = rand();
      if (r < 0.8) {
        a.push(i, next);
        model[i].push(next++);
      } else if (r < 0.97) {
        // keep every other id, as pruning keeps a subsequence in order
        const kept = model[i].filter((_, k) => k % 2 === 0);
        const s = a.start[i];
        kept.forEach((e, k) => (a.pool[s + k] = e));
        a.truncate(i, kept.length);
        model[i] = kept;
      } else {
        a.release(i);
        released.add(i);
        model[i] = [];
      }
    }
    for (let i = 0; i < lists; i++) expect(listOf(a, i)).toEqual(model[i]);
  });

  it('stay within a few times the ids they hold, every id kept once', () => {
    const rand = seededRandom(9);
    const a = new EdgeLists(new Int32Array(500));
    for (let e = 0; e < 50_000; e++) a.push(Math.floor(rand() * 500), e);
    // lists double their room when they move, and a repack drops the room they left behind
    expect(a.pool.length).toBeLessThan(4 * 50_000);
    const all = Array.from({ length: 500 }, (_, i) => listOf(a, i)).flat();
    expect(all.sort((x, y) => x - y)).toEqual(Array.from({ length: 50_000 }, (_, e) => e));
  });
});

describe('edge columns', () => {
  it('keep every edge exactly through growth', () => {
    const c = new EdgeColumns(0);
    const rand = seededRandom(3);
    const want: number[][] = [];
    for (let i = 0; i < 5000; i++) {
      const e = [i % 97, (i * 7) % 101, rand() * 1e6, rand() * 1e5, rand() * 1e4, i % 5 === 0 ? -1 : i % 89, 1 + (i % 13)];
      want.push(e);
      expect(c.add(e[0], e[1], e[2], e[3], e[4], e[5], e[6])).toBe(i);
    }
    expect(c.count).toBe(5000);
    want.forEach((e, i) => expect([c.from[i], c.to[i], c.cost[i], c.dur[i], c.len[i], c.mid[i], c.hops[i]]).toEqual(e));
  });
});
