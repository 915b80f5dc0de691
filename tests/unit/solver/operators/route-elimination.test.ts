// Route elimination: empties one of the shortest routes into the other used ones.
import { describe, expect, it } from 'vitest';
import { routeElimination } from '../../../../shared/solver/operators/route-elimination';
import { applyChecked, plane, sequences, withRoutes, type Stop } from './support';

// Route 2 serves only job 3, right beside route 0's last job.
const stops = (): Stop[] => [
  { at: [10, 0], demand: 1 },
  { at: [20, 0], demand: 1 },
  { at: [0, 10], demand: 1 },
  { at: [21, 1], demand: 1 },
];

describe('route elimination', () => {
  it('empties the route whose jobs fit best elsewhere and keeps the other routes’ orders', () => {
    const inst = plane(stops(), [{}, {}, {}]);
    const s = withRoutes(inst, [[0, 1], [2], [3]]);
    const m = applyChecked(inst, s, routeElimination);
    const [east, north, gone] = sequences(s.sol);
    expect(gone).toEqual([]);
    expect(north).toEqual([2]);
    expect(east.filter((t) => t !== 3)).toEqual([0, 1]);
    expect(m.gain).toBe(40); // route 2's 21 + 21, less the detour of 1 + 21 - 20
  });

  it('keeps a route whose jobs fit in no other', () => {
    const inst = plane(stops(), [{ capacity: 2 }, { capacity: 1 }, { capacity: 1 }]);
    const s = withRoutes(inst, [[0, 1], [2], [3]]);
    expect(routeElimination.find(s.ctx, s.sol)).toBeNull();
  });

  it('never opens an unused vehicle', () => {
    const inst = plane(stops(), [{}, {}, {}, {}]);
    const s = withRoutes(inst, [[0, 1], [2], [3], []]);
    const m = routeElimination.find(s.ctx, s.sol);
    expect(m).not.toBeNull();
    expect(m!.seqs[m!.vehicles.indexOf(3)] ?? []).toEqual([]);
  });
});
