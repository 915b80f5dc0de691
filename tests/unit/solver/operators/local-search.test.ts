// Local search: applies every operator's best move until none improves, within the deadline.
import { describe, expect, it } from 'vitest';
import { localSearch, OPERATORS } from '../../../../shared/solver/operators/local-search';
import { forEachNeighbourPair } from '../../../../shared/solver/operators/scan';
import { expectValid, plane, sequences, withRoutes, type Stop } from './support';

// Two crossed routes over six jobs on two axes: several operators have something to do.
const stops = (): Stop[] => [
  { at: [10, 0], demand: 1 },
  { at: [0, 21], demand: 1 },
  { at: [0, 10], demand: 1 },
  { at: [21, 0], demand: 1 },
  { at: [0, 31], demand: 1 },
  { at: [31, 0], demand: 1 },
];
// Three jobs a van: one route cannot take them all.
const vans = [{ capacity: 3 }, { capacity: 3 }];

describe('local search', () => {
  it('stops at a local optimum of every operator, cheaper and still valid', () => {
    const inst = plane(stops(), vans);
    const s = withRoutes(inst, [
      [1, 0, 4],
      [5, 2, 3],
    ]);
    const before = s.sol.objective().cost;
    const moves = localSearch(s.ctx, s.sol, { deadlineMs: Infinity, clock: () => 0 });
    expect(moves).toBeGreaterThan(0);
    expect(s.sol.objective().cost).toBeLessThan(before);
    for (const op of OPERATORS) expect(op.find(s.ctx, s.sol)).toBeNull();
    expectValid(inst, s);
    // Each axis on one route, nearest first.
    expect(
      sequences(s.sol)
        .map((r) => r.slice().sort())
        .sort(),
    ).toEqual([
      [0, 3, 5],
      [1, 2, 4],
    ]);
  });

  it('changes nothing once the deadline has passed', () => {
    const inst = plane(stops(), vans);
    const s = withRoutes(inst, [
      [1, 0, 4],
      [5, 2, 3],
    ]);
    expect(localSearch(s.ctx, s.sol, { deadlineMs: 0, clock: () => 0 })).toBe(0);
    expect(sequences(s.sol)).toEqual([
      [1, 0, 4],
      [5, 2, 3],
    ]);
  });

  it('cuts a neighbourhood scan short once the deadline passes during it, and leaves no deadline behind', () => {
    // 130 jobs on one axis: the scan would visit every one of them.
    const many: Stop[] = Array.from({ length: 130 }, (_, i) => ({ at: [i + 1, 0], demand: 1 }));
    const inst = plane(many, [{ capacity: 200 }]);
    const s = withRoutes(inst, [many.map((_, i) => i)]);
    const seen = new Set<number>();
    let clockReads = 0;
    // The deadline passes after the loop's own check, in the middle of the first scan.
    const clock = () => (++clockReads > 1 ? 1 : 0);
    const spy = { name: 'spy', find: (ctx: typeof s.ctx, sol: typeof s.sol) => (forEachNeighbourPair(ctx, sol, (u) => seen.add(u)), null) };
    localSearch(s.ctx, s.sol, { deadlineMs: 1, clock }, [spy]);
    expect(seen.size).toBe(63);
    expect(s.ctx.pastDeadline).toBeNull();
  });
});
