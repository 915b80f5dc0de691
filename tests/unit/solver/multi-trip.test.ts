// Multi-trip (vehicles[].max_depot_runs): small problems whose answer is known by hand.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { buildProblem } from '../../../shared/solver/model/problem';
import { evaluateRoute } from '../../../shared/solver/routes/route-eval';
import { planRuns } from '../../../shared/solver/routes/runs';
import { solveCapped } from './helpers';

/** Locations 0..n-1 on a line, 100 s and 1 km apart; location 0 is the depot. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  const m = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
  return { locations: idx.map((i) => [0, i / 100]), matrices: { car: { durations: m(100), distances: m(1000) } } };
}

const { locations, matrices } = line(5);
// Four deliveries of 2 to locations 1-4; the van holds 4: two runs of two.
const jobs = [1, 2, 3, 4].map((id) => ({ id, location_index: id, delivery: [2], service: 10 }));
const depots = [{ id: 7, location_index: 0, service: 60 }];
const van = { id: 1, start_index: 0, end_index: 0, capacity: [4] };

const stepsOf = (res: SolverResult) => res.routes[0].steps.map((s) => `${s.type}${s.id ?? ''}@${s.location_index}/r${s.run}`);

describe('max_depot_runs', () => {
  it('reloads at the start depot: two runs, each leaving with its own deliveries', () => {
    const request: SolverRequest = { locations, depots, vehicles: [{ ...van, max_depot_runs: 2 }], jobs };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    const steps = res.routes[0].steps;
    expect(steps.filter((s) => s.type === 'start').map((s) => s.run)).toEqual([1, 2]);
    expect(steps.filter((s) => s.type === 'end').map((s) => s.run)).toEqual([1, 2]);
    // The cheapest plan: the near pair in one run (out to 2 and back), the far pair in the other.
    const runJobs = [1, 2].map((r) =>
      steps
        .filter((s) => s.type === 'job' && s.run === r)
        .map((s) => s.id)
        .sort(),
    );
    expect(runJobs.sort()).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(stepsOf(res).filter((s) => !s.startsWith('job'))).toEqual(['start@0/r1', 'end@0/r1', 'start@0/r2', 'end@0/r2']);
    expect(steps.map((s) => s.type)).toEqual(['start', 'job', 'job', 'end', 'start', 'job', 'job', 'end']);
    expect(steps.filter((s) => s.type === 'start').map((s) => s.load)).toEqual([[4], [4]]);
    expect(res.routes[0].distance).toBe(12000);
    // Loading twice at the depot: the route's service counts both.
    expect(res.routes[0].service).toBe(2 * 60 + 4 * 10);
    const reload = steps[4];
    expect(reload.arrival).toBe(steps[3].arrival);
    expect(reload.depot).toBe(7);
  });

  it('names the run limit when more runs would carry a task', () => {
    const request: SolverRequest = { locations, depots, vehicles: [{ ...van, max_depot_runs: 1 }], jobs };
    const one = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, one)).toEqual([]);
    expect(one.unassigned.map((u) => u.reason)).toEqual(['capacity', 'capacity']);
    const two = { ...request, vehicles: [{ ...van, max_depot_runs: 2 }], jobs: [...jobs, { id: 5, location_index: 4, delivery: [2] }] };
    const res = solveCapped(two, matrices, 200);
    expect(checkSolution(two, matrices, res)).toEqual([]);
    expect(res.unassigned.map((u) => u.reason)).toEqual(['max_depot_runs']);
  });

  it('keeps a task too big for the vehicle out with reason capacity', () => {
    const request: SolverRequest = {
      locations,
      depots,
      vehicles: [{ ...van, max_depot_runs: 3 }],
      jobs: [...jobs, { id: 9, location_index: 2, delivery: [5] }],
    };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[9, 'capacity']]);
  });

  it('unloads pickups at the depot: a run brings its pickups back, the next leaves empty of them', () => {
    const pickups = [1, 2, 3, 4].map((id) => ({ id, location_index: id, pickup: [2] }));
    const request: SolverRequest = { locations, depots, vehicles: [{ ...van, max_depot_runs: 2 }], jobs: pickups };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    const steps = res.routes[0].steps;
    expect(steps.filter((s) => s.type === 'end').map((s) => s.load)).toEqual([[4], [4]]);
    expect(steps.filter((s) => s.type === 'start').map((s) => s.load)).toEqual([[0], [0]]);
  });

  it('waits at the depot for its opening before reloading', () => {
    const opening = [{ ...depots[0], time_windows: [[0, 100] as [number, number], [1000, 5000] as [number, number]] }];
    const request: SolverRequest = { locations, depots: opening, vehicles: [{ ...van, max_depot_runs: 2 }], jobs };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    const reload = res.routes[0].steps.filter((s) => s.type === 'start')[1];
    expect(reload.arrival + reload.waiting_time).toBe(1000);
  });

  it('is ignored without a depot at the start: one run, no run numbers', () => {
    const request: SolverRequest = { locations, vehicles: [{ ...van, max_depot_runs: 2 }], jobs };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toHaveLength(2);
    expect(res.routes[0].steps.every((s) => s.run === undefined)).toBe(true);
  });

  it('is checked independently: a result with too many runs, or runs misnumbered, is named', () => {
    const request: SolverRequest = { locations, depots, vehicles: [{ ...van, max_depot_runs: 2 }], jobs };
    const res = solveCapped(request, matrices, 200);
    const fewer = { ...request, vehicles: [{ ...van, max_depot_runs: 1 }] };
    expect(checkSolution(fewer, matrices, res).map((v) => v.rule)).toContain('max_depot_runs');
    const renumbered = structuredClone(res);
    renumbered.routes[0].steps[5].run = 1;
    expect(checkSolution(request, matrices, renumbered).map((v) => v.rule)).toEqual(['run']);
    // The reload moved one task later: the first run now carries 6.
    const overfull = structuredClone(res);
    const steps = overfull.routes[0].steps;
    [steps[3], steps[4], steps[5]] = [steps[5], steps[3], steps[4]];
    expect(checkSolution(request, matrices, overfull).map((v) => v.rule)).toContain('capacity');
  });
});

describe('depot visit placement (runs.ts)', () => {
  // Jobs at 1, 2 and 3 with 2 each; the van holds 4, so one reload: before job 2 (detour 2 km)
  // or before job 3 (detour 4 km).
  const three = [1, 2, 3].map((id) => ({ id, location_index: id, delivery: [2] }));
  const plan = (jobs: SolverRequest['jobs']) => {
    const request: SolverRequest = { locations, depots, vehicles: [{ ...van, max_depot_runs: 2 }], jobs };
    const p = buildProblem(request, matrices);
    return { p, v: p.vehicles[0] };
  };

  it('puts the reload where it adds least', () => {
    const { p, v } = plan(three);
    expect(planRuns(p, v, [0, 1, 2])).toMatchObject({ reloads: [1] });
    const ev = evaluateRoute(p, v, [0, 1, 2]);
    expect(ev.ok).toBe(true);
    expect(ev.distance).toBe(8000);
  });

  it('moves it where the windows hold when the cheapest place would miss one', () => {
    // Through the depot, job 2 is reached at 460 s (100 + 200 there and back, 60 s loading, 200 on);
    // straight from job 1 at 200 s.
    const { p, v } = plan(three.map((j) => (j.id === 2 ? { ...j, time_windows: [[0, 300]] as [number, number][] } : j)));
    expect(planRuns(p, v, [0, 1, 2])).toMatchObject({ reloads: [2] });
    const ev = evaluateRoute(p, v, [0, 1, 2]);
    expect(ev.ok).toBe(true);
    expect(ev.distance).toBe(10000);
  });

  it('names the run limit, or capacity when a task alone overfills a run', () => {
    const { p, v } = plan([...three, { id: 4, location_index: 4, delivery: [2] }, { id: 5, location_index: 4, delivery: [2] }]);
    expect(planRuns(p, v, [0, 1, 2, 3, 4])).toBe('max_depot_runs');
    const big = plan([{ id: 1, location_index: 1, delivery: [5] }]);
    expect(planRuns(big.p, big.v, [0])).toBe('capacity');
  });
});
