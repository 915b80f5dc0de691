// 2-opt*: exchanges the tails of two routes.
import { describe, expect, it } from 'vitest';
import { twoOptStar } from '../../../../shared/solver/operators/two-opt-star';
import { applyChecked, descend, plane, sequences, withRoutes, type Stop } from './support';

// Each route starts on its own axis and ends with a tail of two jobs on the other one.
const stops = (): Stop[] => [
  { at: [10, 0], demand: 1 },
  { at: [0, 21], demand: 1 },
  { at: [0, 10], demand: 0 },
  { at: [21, 0], demand: 2 },
  { at: [0, 31], demand: 1 },
  { at: [31, 0], demand: 2 },
];

describe('2-opt*', () => {
  it('swaps the tails: each route keeps its head and ends with the other one’s tail', () => {
    const inst = plane(stops(), [{}, {}]);
    const s = withRoutes(inst, [
      [0, 1, 4],
      [2, 3, 5],
    ]);
    const m = applyChecked(inst, s, twoOptStar);
    expect(m.vehicles.slice().sort()).toEqual([0, 1]);
    expect(sequences(s.sol)).toEqual([
      [0, 3, 5],
      [2, 1, 4],
    ]);
  });

  it('does not hand a route a tail it cannot carry', () => {
    const inst = plane(stops(), [{ capacity: 3 }, { capacity: 5 }]);
    const s = withRoutes(inst, [
      [0, 1, 4],
      [2, 3, 5],
    ]);
    descend(inst, s, twoOptStar);
    expect(sequences(s.sol)[0]).not.toEqual([0, 3, 5]);
  });

  it('finds nothing within a single route', () => {
    const inst = plane(stops(), [{}]);
    const s = withRoutes(inst, [[0, 1, 4, 2, 3, 5]]);
    expect(twoOptStar.find(s.ctx, s.sol)).toBeNull();
  });
});
