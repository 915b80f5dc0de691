// Properties of the vehicle-model rules (max_stops, speed_factor) on random instances, with the
// independent checker as the oracle. Several jobs share a location so that stops and tasks differ.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest } from '../../../shared/solver';
import { generate, lcg, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 4, max: 30 }),
  shipments: fc.integer({ min: 0, max: 4 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  maxStops: fc.integer({ min: 1, max: 8 }),
  speeds: fc.array(fc.constantFrom(0.5, 0.8, 1.3, 2), { minLength: 4, maxLength: 4 }),
  breaks: fc.boolean(),
});

/** Every third job moves to an earlier job's location: several tasks at one stop. */
function sharedLocations(req: SolverRequest, seed: number): SolverRequest {
  const r = lcg(seed);
  const jobs = req.jobs!.map((j, i, all) => (i > 0 && r.int(3) === 0 ? { ...j, location_index: all[r.int(i)].location_index } : j));
  return { ...req, jobs };
}

describe('vehicle-model rules against the checker', () => {
  it('max_stops: every route is checker-clean and within its stops; reasons name a rule', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const g = generate({ ...o, breaks: o.breaks });
        const base = sharedLocations(g.request, o.seed);
        const request = { ...base, vehicles: base.vehicles.map((v) => ({ ...v, max_stops: o.maxStops })) };
        const result = solveCapped(request, g.matrices, 40, o.seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        const served = result.routes.reduce((n, r) => n + r.steps.filter((s) => s.type === 'job').length, 0);
        if (served < (request.jobs?.length ?? 0)) expect(result.unassigned.length).toBeGreaterThan(0);
      }),
      { numRuns: 12, seed: 41 },
    );
  });

  it('speed_factor: vehicles of several speeds give checker-clean results', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const g = generate({ ...o, breaks: o.breaks, limits: true });
        const request = { ...g.request, vehicles: g.request.vehicles.map((v, i) => ({ ...v, speed_factor: o.speeds[i % 4] })) };
        const result = solveCapped(request, g.matrices, 40, o.seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
      }),
      { numRuns: 12, seed: 42 },
    );
  });
});
