// Deadhead limits on random instances, with the independent checker as the oracle: it re-derives
// each route's empty first and last legs from the steps and prices what runs past the limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../shared/solver';
import { generate, lcg, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 2, max: 30 }),
  shipments: fc.integer({ min: 0, max: 5 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  openRoutes: fc.boolean(),
  noLoads: fc.boolean(),
});

describe('deadhead against the checker', () => {
  it('route costs with deadhead penalties match the checker', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const g = generate({ ...o, costs: true });
        const r = lcg(o.seed);
        // Without loads every first and last leg is empty (field service).
        const jobs = o.noLoads ? g.request.jobs!.map((j) => ({ ...j, delivery: undefined, pickup: undefined })) : g.request.jobs;
        const vehicles = g.request.vehicles.map((v) => ({
          ...v,
          max_deadhead_distance: r.int(2) ? r.int(3000) : undefined,
          max_deadhead_duration: r.int(2) ? r.int(300) : 0,
          costs: { ...v.costs, deadhead_distance_penalty: r.int(3), deadhead_duration_penalty: r.int(5) },
        }));
        const request = { ...g.request, jobs, vehicles };
        const result = solveCapped(request, g.matrices, 40, o.seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
      }),
      { numRuns: 16, seed: 71 },
    );
  });
});
