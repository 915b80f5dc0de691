// Alternative capacities on random instances (two load dimensions), with the independent checker
// as the oracle: every route's adopted_capacity is one of its vehicle's configurations and its
// loads fit it at every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../shared/solver';
import { generate, lcg, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 3, max: 30 }),
  shipments: fc.integer({ min: 0, max: 5 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  breaks: fc.boolean(),
  runs: fc.boolean(),
});

describe('alternative capacities against the checker', () => {
  it('routes adopt one configuration and keep within it; every task is served or has a reason', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const g = generate({ ...o });
        const r = lcg(o.seed);
        const vehicles = g.request.vehicles.map((v) => {
          const [a, b] = v.capacity!;
          // Trade room between the two dimensions, as a vehicle with movable partitions does.
          const alternative_capacities = Array.from({ length: 1 + r.int(3) }, () => {
            const shift = Math.floor(((r.next() - 0.5) * a) / 2);
            return [a - shift, Math.max(0, b + shift)];
          });
          return { ...v, alternative_capacities, ...(o.runs ? { max_depot_runs: 2 } : {}) };
        });
        const request = { ...g.request, vehicles, depots: o.runs ? [{ id: 1, location_index: 0 }] : undefined };
        const result = solveCapped(request, g.matrices, 40, o.seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        for (const route of result.routes) expect(route.adopted_capacity).toBeDefined();
      }),
      { numRuns: 16, seed: 61 },
    );
  });
});
