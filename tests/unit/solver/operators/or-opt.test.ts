// Or-opt: moves a string of two or three consecutive jobs (either way round) next to a neighbour.
import { describe, expect, it } from 'vitest';
import { orOpt } from '../../../../shared/solver/operators/or-opt';
import { applyChecked, descend, plane, sequences, withRoutes, type Stop } from './support';

// Route 1 runs north, then out east to two jobs beside route 0's end.
const stops = (): Stop[] => [
  { at: [10, 0], demand: 1 },
  { at: [20, 0], demand: 1 },
  { at: [0, 10], demand: 1 },
  { at: [0, 20], demand: 1 },
  { at: [22, 4], demand: 1 },
  { at: [21, 2], demand: 1 },
];

describe('or-opt', () => {
  it('moves one string of consecutive jobs as a block to another route', () => {
    const inst = plane(stops(), [{}, {}]);
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3, 4, 5],
    ]);
    const before = sequences(s.sol);
    const m = applyChecked(inst, s, orOpt);
    expect(m.vehicles.slice().sort()).toEqual([0, 1]);
    const after = sequences(s.sol);
    const moved = [0, 1, 2, 3, 4, 5].filter((t) => before.findIndex((r) => r.includes(t)) !== s.sol.routeOf[t]);
    expect(moved.length).toBeGreaterThanOrEqual(2);
    expect(moved.length).toBeLessThanOrEqual(3);
    const span = (r: number[]) => Math.max(...moved.map((t) => r.indexOf(t))) - Math.min(...moved.map((t) => r.indexOf(t)));
    const from = before.find((r) => r.includes(moved[0]))!;
    const to = after.find((r) => r.includes(moved[0]))!;
    expect(span(from)).toBe(moved.length - 1);
    expect(span(to)).toBe(moved.length - 1);
    // The jobs that stay keep their order.
    for (const k of [0, 1]) expect(after[k].filter((t) => !moved.includes(t))).toEqual(before[k].filter((t) => !moved.includes(t)));
  });

  it('moves the two jobs out east into the route beside them when that route cannot come over', () => {
    // Route 1 is full: route 0's jobs cannot join it, so the best string to move is 4, 5.
    const inst = plane(stops(), [{}, { capacity: 4 }]);
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3, 4, 5],
    ]);
    applyChecked(inst, s, orOpt);
    const [east, north] = sequences(s.sol);
    expect(north).toEqual([2, 3]);
    expect(east.filter((t) => t < 4)).toEqual([0, 1]);
    expect(Math.abs(east.indexOf(4) - east.indexOf(5))).toBe(1);
  });

  it('never moves a string into a route without room for it', () => {
    const inst = plane(stops(), [{ capacity: 2 }, { capacity: 4 }]);
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3, 4, 5],
    ]);
    descend(inst, s, orOpt);
    expect(sequences(s.sol)[0].slice().sort()).toEqual([0, 1]);
  });

  it('never moves a single job', () => {
    // Only job 4 is out of place: a string of one is relocate's, not or-opt's.
    const inst = plane(stops(), [{}, {}]);
    const s = withRoutes(inst, [
      [0, 1, 5],
      [2, 3, 4],
    ]);
    const m = orOpt.find(s.ctx, s.sol);
    if (m) for (let k = 0; k < m.vehicles.length; k++) expect(m.seqs[k].includes(4)).toBe(m.vehicles[k] === 1);
  });
});
