// Properties of depot choice (vehicles[].start_depot_ids / end_depot_ids) on random instances,
// with the independent checker as the oracle: three depots (sometimes with opening hours and
// loading time), vehicles choosing among some of them, jobs bound to depots by depot_ids, and
// multi-trip, shifts and minimise_num_depots mixed in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest } from '../../../shared/solver';
import { generate, lcg, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 4, max: 18 }),
  shipments: fc.integer({ min: 0, max: 3 }),
  vehicles: fc.integer({ min: 1, max: 3 }),
  ends: fc.constantFrom('choose', 'fixed', 'open'),
  depotIds: fc.boolean(),
  depotHours: fc.boolean(),
  runs: fc.constantFrom(1, 1, 3),
  frugal: fc.boolean(),
  breaks: fc.boolean(),
  shifts: fc.boolean(),
});

type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

function withDepots(o: Shape): { request: SolverRequest; matrices: ReturnType<typeof generate>['matrices'] } {
  const g = generate({ ...o, multiWindows: true, openRoutes: false });
  const r = lcg(o.seed);
  const horizon = g.request.vehicles[0].time_window?.[1] ?? 100_000;
  const n = g.request.locations.length;
  // Three distinct places (two depots at one place are named by the first: check/task-rules.ts).
  const second = 1 + r.int(n - 2);
  const third = 1 + ((second + r.int(n - 3)) % (n - 2));
  const depots = [0, second, third === second ? second + 1 : third].map((l, i) => ({
    id: 50 + i,
    location_index: l,
    service: r.int(3) * 60,
    time_windows: o.depotHours && i > 0 ? ([[r.int(horizon / 3), horizon]] as [number, number][]) : undefined,
  }));
  const some = () => {
    const ids = depots.map((d) => d.id).filter(() => r.next() < 0.6);
    return ids.length ? ids : [depots[r.int(3)].id];
  };
  const vehicles = g.request.vehicles.map(({ start_index: _s, end_index: end, ...v }) => ({
    ...v,
    start_depot_ids: some(),
    ...(o.ends === 'choose' ? { end_depot_ids: some() } : o.ends === 'fixed' && end !== undefined ? { end_index: end } : {}),
    ...(o.runs > 1 && !o.shifts ? { max_depot_runs: o.runs, capacity: v.capacity?.map((c) => Math.max(6, Math.round(c / 3))) } : {}),
    // Two shifts around a break at the chosen start depot (each shift is one run from it).
    ...(o.shifts
      ? {
          shifts: [
            [0, Math.round(horizon / 2)],
            [Math.round(horizon / 2) + 300, horizon],
          ] as [number, number][],
        }
      : {}),
  }));
  const jobs = g.request.jobs?.map((j) => (o.depotIds && r.next() < 0.4 ? { ...j, depot_ids: [depots[r.int(3)].id] } : j));
  const options = o.frugal
    ? { ...g.request.options, objective: { ...g.request.options?.objective, minimise_num_depots: true } }
    : g.request.options;
  return { request: { ...g.request, depots, vehicles, jobs, options }, matrices: g.matrices };
}

describe('depot choice against the checker', () => {
  it('every route starts (ends) at one of its candidates, and jobs ride from a depot they name', () => {
    let routes = 0;
    let moved = 0;
    fc.assert(
      fc.property(shape, (o) => {
        const { request, matrices } = withDepots(o);
        const result = solveCapped(request, matrices, 40, o.seed);
        const v = checkSolution(request, matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        for (const route of result.routes) {
          routes++;
          const vehicle = request.vehicles.find((x) => x.id === route.vehicle)!;
          expect(vehicle.start_depot_ids).toContain(route.steps[0].depot);
          if (route.steps[0].depot !== vehicle.start_depot_ids![0]) moved++;
          if (vehicle.end_depot_ids) expect(vehicle.end_depot_ids).toContain(route.steps[route.steps.length - 1].depot);
        }
      }),
      { numRuns: 30, seed: 4101 },
    );
    expect(routes).toBeGreaterThan(0);
    // The search does choose: some routes start elsewhere than at their first candidate.
    expect(moved).toBeGreaterThan(0);
  });

  it('the checker catches a route moved to a depot the vehicle may not use', () => {
    const { request, matrices } = withDepots({
      seed: 7,
      jobs: 6,
      shipments: 0,
      vehicles: 1,
      ends: 'open',
      depotIds: false,
      depotHours: false,
      runs: 1,
      frugal: false,
      breaks: false,
      shifts: false,
    });
    const vehicle = { ...request.vehicles[0], start_depot_ids: [50] };
    const only = { ...request, vehicles: [vehicle] };
    const result = solveCapped(only, matrices, 20, 1);
    expect(checkSolution(only, matrices, result)).toEqual([]);
    const moved = { ...only, vehicles: [{ ...vehicle, start_depot_ids: [51] }] };
    expect(checkSolution(moved, matrices, result).map((x) => x.rule)).toContain('depot');
  });
});
