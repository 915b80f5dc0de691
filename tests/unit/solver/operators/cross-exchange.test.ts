// Cross-exchange: swaps a string of one to three jobs of one route with one of another (not both single).
import { describe, expect, it } from 'vitest';
import { crossExchange } from '../../../../shared/solver/operators/cross-exchange';
import { applyChecked, descend, plane, sequences, withRoutes, type Stop } from './support';

// Each route ends with two jobs on the other route's axis.
const stops = (): Stop[] => [
  { at: [10, 0], demand: 1 },
  { at: [0, 20], demand: 1 },
  { at: [0, 21], demand: 1 },
  { at: [0, 10], demand: 1 },
  { at: [20, 0], demand: 2 },
  { at: [21, 0], demand: 2 },
];

describe('cross-exchange', () => {
  it('swaps the two misplaced strings, each keeping its order', () => {
    const inst = plane(stops(), [{}, {}]);
    const s = withRoutes(inst, [
      [0, 1, 2],
      [3, 4, 5],
    ]);
    const m = applyChecked(inst, s, crossExchange);
    expect(m.vehicles.slice().sort()).toEqual([0, 1]);
    expect(sequences(s.sol)).toEqual([
      [0, 4, 5],
      [3, 1, 2],
    ]);
  });

  it('never swaps strings a route cannot carry', () => {
    const inst = plane(stops(), [{ capacity: 3 }, { capacity: 5 }]);
    const s = withRoutes(inst, [
      [0, 1, 2],
      [3, 4, 5],
    ]);
    descend(inst, s, crossExchange);
    const east = sequences(s.sol)[0];
    expect(east.includes(4) && east.includes(5)).toBe(false);
  });

  it('finds nothing for two routes that each hold one job', () => {
    const inst = plane(stops().slice(0, 2), [{}, {}]);
    const s = withRoutes(inst, [[1], [0]]);
    expect(crossExchange.find(s.ctx, s.sol)).toBeNull();
  });
});
