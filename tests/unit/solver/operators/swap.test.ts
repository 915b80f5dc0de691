// Swap: exchanges two jobs, each taking the other's place in its route.
import { describe, expect, it } from 'vitest';
import { swap } from '../../../../shared/solver/operators/swap';
import { applyChecked, plane, sequences, withRoutes, type Stop } from './support';

// Route 0 serves an east and a north job, route 1 a north and an east one: each holds the other's.
const stops = (): Stop[] => [
  { at: [10, 0], demand: 1 },
  { at: [0, 21], demand: 1 },
  { at: [0, 10], demand: 0 },
  { at: [21, 0], demand: 3 },
];

describe('swap', () => {
  it('exchanges two jobs between routes, position for position', () => {
    const inst = plane(stops(), [{}, {}]);
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3],
    ]);
    const before = sequences(s.sol);
    const m = applyChecked(inst, s, swap);
    const after = sequences(s.sol);
    // Both routes keep their length and each changes at exactly one position.
    for (const k of [0, 1]) {
      expect(after[k]).toHaveLength(before[k].length);
      expect(after[k].filter((t, i) => t !== before[k][i])).toHaveLength(1);
    }
    expect(m.vehicles.slice().sort()).toEqual([0, 1]);
    // One route east, one north (which vehicle takes which is a tie).
    expect(after.map((r) => r.slice().sort()).sort()).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('leaves the routes when every exchange would overload a vehicle', () => {
    const inst = plane(stops(), [{ capacity: 2 }, { capacity: 3 }]);
    const s = withRoutes(inst, [
      [0, 1],
      [2, 3],
    ]);
    expect(swap.find(s.ctx, s.sol)).toBeNull();
  });
});
