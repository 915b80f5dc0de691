// Depot choice (vehicles[].start_depot_ids / end_depot_ids): small problems whose answer is known
// by hand. Locations 0..10 on a line, 100 s and 1 km apart; depot 10 at location 0, depot 20 at 10.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { buildProblem } from '../../../shared/solver/model/problem';
import { applyMove } from '../../../shared/solver/operators/move';
import { depotChoice } from '../../../shared/solver/operators/depot-choice';
import { Solution } from '../../../shared/solver/routes/solution';
import { buildContext } from '../../../shared/solver/search/context';
import { Rng } from '../../../shared/solver/prng';
import { solveCapped } from './helpers';

const n = 11;
const idx = Array.from({ length: n }, (_, i) => i);
const grid = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
const locations = idx.map((i) => [0, i / 100] as [number, number]);
const matrices: SolverMatrices = { car: { durations: grid(100), distances: grid(1000) } };
const depots = [
  { id: 10, location_index: 0 },
  { id: 20, location_index: 10 },
];
const both = [10, 20];

const ends = (r: SolverResult['routes'][number]) => {
  const s = r.steps;
  return { start: s[0].type === 'start' ? s[0].depot : null, end: s[s.length - 1].type === 'end' ? s[s.length - 1].depot : null };
};

function solved(request: SolverRequest, iterations = 200): SolverResult {
  const res = solveCapped(request, matrices, iterations);
  expect(checkSolution(request, matrices, res)).toEqual([]);
  return res;
}

describe('start_depot_ids / end_depot_ids', () => {
  it('starts and ends at the depot near the jobs', () => {
    const jobs = [8, 9].map((l) => ({ id: l, location_index: l }));
    const res = solved({ locations, depots, jobs, vehicles: [{ id: 1, start_depot_ids: both, end_depot_ids: both }] });
    expect(res.unassigned).toEqual([]);
    expect(ends(res.routes[0])).toEqual({ start: 20, end: 20 });
    // 10 -> 9 -> 8 -> 10 (or the other way round): 100 + 100 + 200 s.
    expect(res.routes[0].duration).toBe(400);
    const first = res.routes[0].steps[0];
    expect(first.location_index).toBe(10);
    expect(first.location).toEqual(locations[10]);
  });

  it('chooses the end alone when the start is fixed', () => {
    const jobs = [8, 9].map((l) => ({ id: l, location_index: l }));
    const res = solved({ locations, depots, jobs, vehicles: [{ id: 1, start_index: 0, end_depot_ids: both }] });
    // 0 -> 8 -> 9 -> 10 = 1000 s; back to 0 would be 1800 s.
    expect(ends(res.routes[0])).toEqual({ start: 10, end: 20 });
    expect(res.routes[0].duration).toBe(1000);
  });

  it("keeps jobs' depot_ids: each job rides from a depot it names", () => {
    const jobs = [
      { id: 1, location_index: 9, depot_ids: [10] },
      { id: 2, location_index: 1, depot_ids: [20] },
    ];
    const vehicles = [1, 2].map((id) => ({ id, start_depot_ids: both, end_depot_ids: both }));
    const res = solved({ locations, depots, jobs, vehicles });
    expect(res.unassigned).toEqual([]);
    expect(res.routes).toHaveLength(2);
    for (const r of res.routes) {
      const job = r.steps.find((s) => s.type === 'job')!;
      expect(ends(r).start).toBe(job.id === 1 ? 10 : 20);
    }
    // Each from its far depot to its job and on to the nearer end: 900 + 100 s twice.
    expect(res.summary.duration).toBe(2000);
  });

  it("names the depot rule when no candidate start suits a job's depot_ids", () => {
    const jobs = [{ id: 1, location_index: 9, depot_ids: [10] }];
    const res = solved({ locations, depots, jobs, vehicles: [{ id: 1, start_depot_ids: [20] }] });
    expect(res.unassigned.map((u) => u.reason)).toEqual(['depot']);
  });

  it('reloads at the chosen depot (max_depot_runs)', () => {
    const jobs = [6, 7, 8, 9].map((l) => ({ id: l, location_index: l, delivery: [2] }));
    const request: SolverRequest = {
      locations,
      depots: [depots[0], { ...depots[1], service: 30 }],
      jobs,
      vehicles: [{ id: 1, capacity: [4], max_depot_runs: 2, start_depot_ids: both, end_depot_ids: both }],
    };
    const res = solved(request);
    expect(res.unassigned).toEqual([]);
    const depotSteps = res.routes[0].steps.filter((s) => s.type === 'start' || s.type === 'end');
    expect(depotSteps.map((s) => `${s.type}${s.run}@${s.depot}`)).toEqual(['start1@20', 'end1@20', 'start2@20', 'end2@20']);
    // Out to 7 and 6 and back, out to 9 and 8 and back (either order within a run): 8 + 4 km.
    expect(res.routes[0].distance).toBe(12000);
    expect(res.routes[0].service).toBe(2 * 30);
  });

  it('minimise_num_depots counts the chosen depots', () => {
    // One job near each depot, one job per vehicle: two depots are cheaper, one is fewer.
    const jobs = [1, 9].map((l) => ({ id: l, location_index: l, delivery: [1] }));
    const vehicles = [1, 2].map((id) => ({ id, capacity: [1], start_depot_ids: both }));
    const cheap = solved({ locations, depots, jobs, vehicles });
    expect(new Set(cheap.routes.map((r) => ends(r).start))).toEqual(new Set([10, 20]));
    expect(cheap.summary.duration).toBe(200);
    const frugal = solved({ locations, depots, jobs, vehicles, options: { objective: { minimise_num_depots: true } } });
    expect(frugal.unassigned).toEqual([]);
    expect(new Set(frugal.routes.map((r) => ends(r).start)).size).toBe(1);
    expect(frugal.summary.duration).toBe(1000);
  });

  it("waits for the chosen depot's opening hours and loads for its service", () => {
    // Depot 20 opens at 5000; the job's window closes at 2000, so only depot 10 can serve it in time.
    const jobs = [{ id: 1, location_index: 9, time_windows: [[0, 2000]] as [number, number][] }];
    const late = [depots[0], { ...depots[1], service: 50, time_windows: [[5000, 9000]] as [number, number][] }];
    const res = solved({ locations, depots: late, jobs, vehicles: [{ id: 1, start_depot_ids: both }] });
    expect(ends(res.routes[0]).start).toBe(10);
    const open = solved({ locations, depots: late, jobs: [{ id: 1, location_index: 9 }], vehicles: [{ id: 1, start_depot_ids: both }] });
    const first = open.routes[0].steps[0];
    expect(ends(open.routes[0]).start).toBe(20);
    expect([first.arrival, first.service]).toEqual([5000, 50]);
  });
});

describe('the depot-choice move', () => {
  it('moves a route to the depots its tasks lie near, for the gain it reports', () => {
    const jobs = [8, 9].map((l) => ({ id: l, location_index: l }));
    const request: SolverRequest = { locations, depots, jobs, vehicles: [{ id: 1, start_depot_ids: both, end_depot_ids: both }] };
    const p = buildProblem(request, matrices);
    // Built at the first candidates (depot 10 at location 0): 0 -> 8 -> 9 -> 0 = 1800 s.
    const sol = Solution.fromRoutes(p, []);
    const r = sol.own(0);
    r.seq = [0, 1];
    r.refresh();
    sol.routeOf.set([0, 0]);
    expect([r.v.start, r.v.end, r.cost]).toEqual([0, 0, 1800]);
    const m = depotChoice.find(buildContext(p, new Rng(1)), sol)!;
    // 10 -> 8 -> 9 -> 10 = 400 s.
    expect(m.gain).toBe(1400);
    applyMove(sol, m);
    expect([sol.routes[0].v.start, sol.routes[0].v.end, sol.routes[0].cost]).toEqual([10, 10, 400]);
    expect(depotChoice.find(buildContext(p, new Rng(1)), sol)).toBeNull();
  });
});
