// min_stop_load on random instances (several jobs share locations, so stops hold several drops),
// with the independent checker as the oracle: it groups the steps into stops and prices them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest } from '../../../shared/solver';
import { generate, lcg, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 2, max: 30 }),
  shipments: fc.integer({ min: 0, max: 4 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  perDimension: fc.boolean(),
});

function sharedLocations(req: SolverRequest, seed: number): SolverRequest {
  const r = lcg(seed);
  const jobs = req.jobs!.map((j, i, all) => (i > 0 && r.int(3) === 0 ? { ...j, location_index: all[r.int(i)].location_index } : j));
  return { ...req, jobs };
}

describe('min_stop_load against the checker', () => {
  it('route costs with stop penalties match the checker', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const g = generate({ ...o });
        const r = lcg(o.seed);
        const base = sharedLocations(g.request, o.seed);
        const vehicles = base.vehicles.map((v) => ({
          ...v,
          min_stop_load: [r.int(12), r.int(6)],
          costs: {
            min_stop_load_fixed_penalty: r.int(500),
            min_stop_load_unit_penalty: o.perDimension ? [r.int(50), r.int(50)] : r.int(50),
          },
        }));
        const request = { ...base, vehicles };
        const result = solveCapped(request, g.matrices, 40, o.seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
      }),
      { numRuns: 16, seed: 81 },
    );
  });
});
