// Properties of multi-trip (vehicles[].max_depot_runs) on random instances, with the independent
// checker as the oracle: capacities cut so that one run cannot carry a route's load, a depot at
// the vehicles' start (sometimes with opening hours and loading time), breaks and shipments mixed in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest } from '../../../shared/solver';
import { generate, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 4, max: 20 }),
  shipments: fc.integer({ min: 0, max: 4 }),
  vehicles: fc.integer({ min: 1, max: 3 }),
  runs: fc.integer({ min: 1, max: 4 }),
  capShare: fc.constantFrom(0.2, 0.35, 0.5),
  depotService: fc.constantFrom(0, 60, 300),
  depotHours: fc.boolean(),
  breaks: fc.boolean(),
  openRoutes: fc.boolean(),
});

type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

function multiTrip(o: Shape): { request: SolverRequest; matrices: ReturnType<typeof generate>['matrices'] } {
  const g = generate({ ...o, multiWindows: true });
  const horizon = g.request.vehicles[0].time_window![1];
  const depots = [
    {
      id: 1,
      location_index: 0,
      service: o.depotService,
      time_windows: o.depotHours
        ? ([
            [0, horizon / 3],
            [horizon / 2, horizon],
          ] as [number, number][])
        : undefined,
    },
  ];
  const vehicles = g.request.vehicles.map((v) => ({
    ...v,
    capacity: v.capacity!.map((c) => Math.max(8, Math.round(c * o.capShare))),
    max_depot_runs: o.runs,
  }));
  return { request: { ...g.request, depots, vehicles }, matrices: g.matrices };
}

describe('multi-trip against the checker', () => {
  it('every route is checker-clean: runs within the limit, loads per run within capacity, steps numbered', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const { request, matrices } = multiTrip(o);
        const result = solveCapped(request, matrices, 30, o.seed);
        const v = checkSolution(request, matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        for (const r of result.routes) {
          const starts = r.steps.filter((s) => s.type === 'start').length;
          expect(starts).toBeLessThanOrEqual(Math.max(1, o.runs));
        }
      }),
      { numRuns: 10, seed: 411 },
    );
  });

  it('a route reloads only when one run could not carry its load, and some routes do reload', () => {
    let reloading = 0;
    fc.assert(
      fc.property(shape, (o) => {
        const { request, matrices } = multiTrip({ ...o, runs: 3 });
        const result = solveCapped(request, matrices, 40, o.seed);
        expect(checkSolution(request, matrices, result)).toEqual([]);
        const jobs = new Map((request.jobs ?? []).map((j) => [j.id, j]));
        const amount = new Map((request.shipments ?? []).map((s) => [s.pickup.id, s.amount ?? []]));
        for (const r of result.routes) {
          if (r.steps.filter((s) => s.type === 'start').length < 2) continue;
          reloading++;
          // The same tasks as one run: every job delivery on board from the start.
          const cap = request.vehicles.find((v) => v.id === r.vehicle)!.capacity!;
          const load = cap.map((_, d) => r.steps.reduce((a, s) => a + (s.type === 'job' ? (jobs.get(s.id!)!.delivery?.[d] ?? 0) : 0), 0));
          let over = load.some((x, d) => x > cap[d]);
          for (const s of r.steps) {
            const j = s.type === 'job' ? jobs.get(s.id!) : undefined;
            cap.forEach((_, d) => {
              if (j) load[d] += (j.pickup?.[d] ?? 0) - (j.delivery?.[d] ?? 0);
              if (s.type === 'pickup') load[d] += amount.get(s.id!)?.[d] ?? 0;
              if (s.type === 'delivery') load[d] -= amount.get(s.id!)?.[d] ?? 0;
              if (load[d] > cap[d]) over = true;
            });
          }
          expect(over, `vehicle ${r.vehicle} reloads without need`).toBe(true);
        }
      }),
      { numRuns: 12, seed: 412 },
    );
    expect(reloading).toBeGreaterThan(0);
  });
});
