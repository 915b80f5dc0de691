// 2-opt: within one route, reverses the stretch after a task up to one of its neighbours.
import { describe, expect, it } from 'vitest';
import { twoOpt } from '../../../../shared/solver/operators/two-opt';
import { applyChecked, descend, plane, sequences, withRoutes, type Stop } from './support';

// A square north of the depot; visiting it 0, 2, 1, 3 crosses the route over itself.
const square = (): Stop[] => [{ at: [0, 10] }, { at: [0, 20] }, { at: [10, 20] }, { at: [10, 10] }];

describe('2-opt', () => {
  it('uncrosses a route by reversing the stretch between the crossing arcs', () => {
    const inst = plane(square(), [{}]);
    const s = withRoutes(inst, [[0, 2, 1, 3]]);
    const m = applyChecked(inst, s, twoOpt);
    expect(m.vehicles).toEqual([0]);
    // The stretch 2, 1 reversed in place; the ends stay where they were.
    expect(sequences(s.sol)).toEqual([[0, 1, 2, 3]]);
    expect(m.gain).toBe(8); // 14 + 14 (the diagonals) out, 10 + 10 in
  });

  it('only changes the order within a route, never which route serves a task', () => {
    const inst = plane([...square(), { at: [30, 0] }, { at: [40, 5] }, { at: [30, 10] }], [{}, {}]);
    const s = withRoutes(inst, [
      [0, 2, 1, 3],
      [6, 4, 5],
    ]);
    descend(inst, s, twoOpt);
    const seqs = sequences(s.sol);
    expect(seqs[0].slice().sort()).toEqual([0, 1, 2, 3]);
    expect(seqs[1].slice().sort()).toEqual([4, 5, 6]);
    expect(twoOpt.find(s.ctx, s.sol)).toBeNull();
  });

  it('keeps the crossing when the uncrossed order would miss a window', () => {
    // Job 2 closes at 25: reached at 24 as 0, 2, but only at 30 as 0, 1, 2.
    const stops = square();
    stops[2].window = [0, 25];
    const inst = plane(stops, [{}]);
    const s = withRoutes(inst, [[0, 2, 1, 3]]);
    expect(twoOpt.find(s.ctx, s.sol)).toBeNull();
  });

  it('finds nothing on a route without a better reversal', () => {
    const inst = plane(square(), [{}]);
    const s = withRoutes(inst, [[0, 1, 2, 3]]);
    expect(twoOpt.find(s.ctx, s.sol)).toBeNull();
  });
});
