// Properties of layovers (vehicles[].layover_config) on random instances, with the independent
// checker as the oracle: rules tight enough that routes need rests, mixed with breaks, windows,
// working-time limits, open routes and multi-trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest } from '../../../shared/solver';
import { generate, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 4, max: 20 }),
  shipments: fc.integer({ min: 0, max: 3 }),
  vehicles: fc.integer({ min: 1, max: 3 }),
  /** max_continuous_time as a share of the longest arc. */
  share: fc.constantFrom(0.6, 1, 1.5, 3),
  layover: fc.constantFrom(60, 600, 1800),
  withService: fc.boolean(),
  breaks: fc.boolean(),
  openRoutes: fc.boolean(),
  setup: fc.boolean(),
  runs: fc.constantFrom(1, 1, 3),
  earlyArrival: fc.boolean(),
});

type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

function withLayovers(o: Shape): { request: SolverRequest; matrices: ReturnType<typeof generate>['matrices'] } {
  const g = generate({ ...o, multiWindows: true });
  const durations = Object.values(g.matrices)[0].durations;
  let longest = 0;
  for (let i = 0; i < durations.length; i++) for (let j = 0; j < durations.length; j++) longest = Math.max(longest, durations[i][j]);
  const layover_config = {
    max_continuous_time: Math.max(1, Math.round(longest * o.share)),
    layover_duration: o.layover,
    include_service_time: o.withService,
  };
  const multi = o.runs > 1;
  const vehicles = g.request.vehicles.map((v) => ({
    ...v,
    layover_config,
    ...(multi ? { max_depot_runs: o.runs, capacity: v.capacity?.map((c) => Math.max(8, Math.round(c / 3))) } : {}),
  }));
  const depots = multi ? [{ id: 1, location_index: g.request.vehicles[0].start_index ?? 0, service: 120 }] : g.request.depots;
  const options = o.earlyArrival
    ? g.request.options
    : { ...g.request.options, objective: { ...g.request.options?.objective, allow_early_arrival: false } };
  return { request: { ...g.request, vehicles, depots, options }, matrices: g.matrices };
}

describe('layovers against the checker', () => {
  it('every route is checker-clean: no stretch without a rest passes max_continuous_time', () => {
    let rests = 0;
    fc.assert(
      fc.property(shape, (o) => {
        const { request, matrices } = withLayovers(o);
        const result = solveCapped(request, matrices, 30, o.seed);
        const v = checkSolution(request, matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        rests += result.routes.reduce((n, r) => n + r.steps.filter((s) => s.type === 'layover').length, 0);
        for (const u of result.unassigned) expect(u.reason).toBeTruthy();
      }),
      { numRuns: 25, seed: 4141 },
    );
    expect(rests).toBeGreaterThan(0);
  });

  it('a rule no leg reaches changes nothing: no layover, and the same plan is valid without the rule', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const { request, matrices } = withLayovers({ ...o, runs: 1 });
        const loose = {
          ...request,
          vehicles: request.vehicles.map((v) => ({ ...v, layover_config: { max_continuous_time: 1e9, layover_duration: 60 } })),
        };
        const plain = { ...request, vehicles: request.vehicles.map(({ layover_config: _l, ...v }) => v) };
        const a = solveCapped(loose, matrices, 20, o.seed);
        expect(checkSolution(loose, matrices, a)).toEqual([]);
        expect(a.routes.some((r) => r.steps.some((s) => s.type === 'layover'))).toBe(false);
        expect(checkSolution(plain, matrices, a)).toEqual([]);
      }),
      { numRuns: 8, seed: 4142 },
    );
  });
});
