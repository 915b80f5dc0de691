// Relocate: moves one job next to one of its nearest neighbours, in its route or another.
import { describe, expect, it } from 'vitest';
import { relocate } from '../../../../shared/solver/operators/relocate';
import { applyChecked, descend, plane, sequences, withRoutes, type Stop, type Van } from './support';

// Route 0 runs east, route 1 north, and job 4 (east) rides on route 1.
const stops = (): Stop[] => [
  { at: [10, 0], demand: 1 },
  { at: [20, 0], demand: 1 },
  { at: [0, 10], demand: 1 },
  { at: [0, 20], demand: 1 },
  { at: [22, 3], demand: 1 },
];

describe('relocate', () => {
  it('moves the one stray job to the route beside it, leaving every other job in place', () => {
    const inst = plane(stops(), [{}, {}]);
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3, 4],
    ]);
    const m = applyChecked(inst, s, relocate);
    expect(m.vehicles.slice().sort()).toEqual([0, 1]);
    const [east, north] = sequences(s.sol);
    expect(north).toEqual([2, 3]);
    expect(east.filter((t) => t !== 4)).toEqual([0, 1]);
    expect(east).toHaveLength(3);
  });

  it('moves nothing into a full route', () => {
    const vans: Van[] = [{ capacity: 2 }, { capacity: 3 }];
    const inst = plane(stops(), vans);
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3, 4],
    ]);
    expect(relocate.find(s.ctx, s.sol)).toBeNull();
  });

  it('never moves a shipment half', () => {
    const inst = plane(stops(), [{}, {}]);
    inst.request.shipments = [{ pickup: { id: 9, location_index: 5 }, delivery: { id: 9, location_index: 1 }, amount: [0] }];
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3, 4, 5, 6],
    ]);
    descend(inst, s, relocate);
    expect(s.sol.routeOf[5]).toBe(1);
    expect(s.sol.routeOf[6]).toBe(1);
  });
});
