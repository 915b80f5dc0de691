// The fleet-size objective on random problems of plain jobs (windows and capacities only), where
// the held fleet's recreate may swap a task in (swap-rescue.ts) and the route minimisation
// repairs between removals: the independent checker is the oracle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../shared/solver';
import { generate, solveCapped, withFleetObjective } from '../../unit/solver/helpers';

describe('fleet-size objective properties', () => {
  it('passes the checker, and the same seed gives the same answer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 10, max: 60 }),
        fc.integer({ min: 2, max: 10 }),
        (seed, jobs, vehicles) => {
          const { request, matrices } = generate({ seed, jobs, shipments: 0, vehicles });
          const few = solveCapped(withFleetObjective(request), matrices, 200, seed);
          const v = checkSolution(withFleetObjective(request), matrices, few);
          expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
          expect(solveCapped(withFleetObjective(request), matrices, 200, seed)).toEqual(few);
        },
      ),
      { numRuns: 20, seed: 13 },
    );
  }, 30_000);
});
