// Properties of the vehicle cost terms on random heterogeneous fleets (each vehicle its own fixed,
// per_hour, per_km and per_order), with the independent checker as the oracle: it re-derives
// every route's cost from the raw matrices and the documented rules, and the summary from them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverVehicle } from '../../../shared/solver';
import { generate, lcg, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 3, max: 30 }),
  shipments: fc.integer({ min: 0, max: 5 }),
  vehicles: fc.integer({ min: 1, max: 5 }),
  loose: fc.boolean(),
});

/** A vehicle type of its own per vehicle: some rated by the hour, some by the km, some by travel_cost. */
function fleet(vehicles: SolverVehicle[], seed: number): SolverVehicle[] {
  const r = lcg(seed);
  return vehicles.map((v) => {
    const kind = r.int(4);
    const costs = {
      fixed: r.int(3) === 0 ? 0 : r.int(5000),
      ...(kind === 0 || kind === 3 ? { per_hour: 1 + r.int(7200) } : {}),
      ...(kind === 1 || kind === 3 ? { per_km: r.int(40) / 4 } : {}),
      ...(r.int(3) === 0 ? {} : { per_order: r.int(800) }),
    };
    return { ...v, costs };
  });
}

describe('vehicle costs against the checker', () => {
  it('heterogeneous fleets: every route cost and the summary match the checker', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const g = generate({ ...o, costs: true });
        const request = { ...g.request, vehicles: fleet(g.request.vehicles, o.seed) };
        const result = solveCapped(request, g.matrices, 40, o.seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
      }),
      { numRuns: 16, seed: 51 },
    );
  });

  it('per_order on a plain problem (the O(1) insertion path) stays checker-clean', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const g = generate({ ...o, shipments: 0, loose: true });
        const r = lcg(o.seed);
        const request = { ...g.request, vehicles: g.request.vehicles.map((v) => ({ ...v, costs: { per_order: r.int(500) } })) };
        const result = solveCapped(request, g.matrices, 40, o.seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        expect(result.unassigned).toEqual([]);
      }),
      { numRuns: 12, seed: 52 },
    );
  });
});
