// Several shifts per vehicle (vehicles[].shifts): small problems whose answer is known by hand,
// and the checker catching a run outside its shift.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type SolverResult, type Window } from '../../../shared/solver';
import { solveCapped } from './helpers';

/** Locations 0..n-1 on a line, 100 s and 1 km apart; location 0 is the start and end. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  const m = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
  return { locations: idx.map((i) => [0, i / 100]), matrices: { car: { durations: m(100), distances: m(1000) } } };
}

const { locations, matrices } = line(5);
const morning: Window = [0, 500];
const afternoon: Window = [1000, 2000];
const van = { id: 1, start_index: 0, end_index: 0, shifts: [morning, afternoon] };
const job = (id: number, tw: Window) => ({ id, location_index: id, service: 10, time_windows: [tw] });
const jobs = [job(1, morning), job(2, morning), job(3, afternoon), job(4, afternoon)];
const runJobs = (res: SolverResult) =>
  [1, 2].map((r) =>
    res.routes[0].steps
      .filter((s) => s.type === 'job' && s.run === r)
      .map((s) => s.id!)
      .sort(),
  );
const shape = (res: SolverResult) => res.routes[0].steps.map((s) => `${s.type}${s.id ?? ''}@${s.location_index}/r${s.run}`);

describe('shifts', () => {
  it('one run per shift, back at the start between them; the wait for the next shift is on the start step', () => {
    const request: SolverRequest = { locations, vehicles: [van], jobs };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    expect(shape(res).map((x) => x.replace(/job\d@\d/, 'job'))).toEqual([
      'start@0/r1',
      'job/r1',
      'job/r1',
      'end@0/r1',
      'start@0/r2',
      'job/r2',
      'job/r2',
      'end@0/r2',
    ]);
    expect(runJobs(res)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const steps = res.routes[0].steps;
    expect(steps[3].arrival).toBe(420);
    expect(steps[4]).toMatchObject({ arrival: 420, waiting_time: 580 });
    expect(steps[7].arrival).toBe(1000 + 820);
  });

  it('a vehicle working the afternoon only starts at its shift', () => {
    const request: SolverRequest = { locations, vehicles: [van], jobs: [job(3, afternoon), job(4, afternoon)] };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.routes[0].steps.map((s) => s.type)).toEqual(['start', 'job', 'job', 'end']);
    expect(res.routes[0].steps[0].arrival).toBe(1000);
  });

  it('the time between shifts is off the clock for max_working_time', () => {
    // On the clock: 420 s in the morning, 820 s in the afternoon; 1820 s from first start to end.
    const fits: SolverRequest = { locations, vehicles: [{ ...van, max_working_time: 1240 }], jobs };
    const res = solveCapped(fits, matrices, 200);
    expect(checkSolution(fits, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    const tight: SolverRequest = { locations, vehicles: [{ ...van, max_working_time: 1239 }], jobs };
    const less = solveCapped(tight, matrices, 200);
    expect(checkSolution(tight, matrices, less)).toEqual([]);
    expect(less.unassigned.length).toBeGreaterThan(0);
  });

  it('a task only reachable between shifts is unassigned for its time window', () => {
    const request: SolverRequest = { locations, vehicles: [van], jobs: [...jobs, { ...job(4, [600, 900]), id: 9 }] };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[9, 'time_window']]);
  });

  it('a depot start: each run loads at the depot within its shift and its opening hours', () => {
    const request: SolverRequest = {
      locations,
      depots: [{ id: 3, location_index: 0, service: 60, time_windows: [[0, 3000]] }],
      vehicles: [{ ...van, capacity: [2] }],
      jobs: jobs.map((j) => ({ ...j, delivery: [1] })),
    };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    const starts = res.routes[0].steps.filter((s) => s.type === 'start');
    expect(starts.map((s) => s.arrival + s.waiting_time)).toEqual([0, 1000]);
    expect(starts.map((s) => s.service)).toEqual([60, 60]);
  });

  it('the checker catches a run that starts loading outside every shift', () => {
    const request: SolverRequest = { locations, vehicles: [van], jobs };
    const res = solveCapped(request, matrices, 200);
    const route = res.routes[0];
    const moved = route.steps.map((s, i) => (i === 4 ? { ...s, waiting_time: 300 } : s));
    expect(checkSolution(request, matrices, { ...res, routes: [{ ...route, steps: moved }] }).map((v) => v.rule)).toContain('shift');
  });
});
