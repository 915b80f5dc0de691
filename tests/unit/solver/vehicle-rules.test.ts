// The vehicle-model rules beyond the seed's limits, on small problems whose answer is known.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { solveCapped } from './helpers';

/** Locations 0..n-1 on a line, 100 s and 1 km apart. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  const m = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
  return { locations: idx.map((i) => [0, i / 100]), matrices: { car: { durations: m(100), distances: m(1000) } } };
}

const tasksOn = (res: SolverResult) => res.routes.flatMap((r) => r.steps.filter((s) => s.type === 'job').map((s) => s.id));

describe('max_stops', () => {
  const { locations, matrices } = line(5);
  // Jobs 1-3 share location 2: one stop. Job 4 is a second stop, job 5 a third.
  const jobs = [1, 2, 3].map((id) => ({ id, location_index: 2, service: 10 }));
  jobs.push({ id: 4, location_index: 3, service: 10 }, { id: 5, location_index: 4, service: 10 });

  it('counts tasks at one location as one stop', () => {
    const request: SolverRequest = { locations, vehicles: [{ id: 1, start_index: 0, end_index: 0, max_stops: 2 }], jobs };
    const res = solveCapped(request, matrices, 50);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(tasksOn(res)).toHaveLength(4);
    expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[5, 'max_stops']]);
  });

  it('is named by the checker when a route makes more stops than allowed', () => {
    const request: SolverRequest = { locations, vehicles: [{ id: 1, start_index: 0, end_index: 0 }], jobs };
    const res = solveCapped(request, matrices, 50);
    const limited = { ...request, vehicles: [{ ...request.vehicles[0], max_stops: 2 }] };
    expect(checkSolution(limited, matrices, res).map((v) => v.rule)).toEqual(['max_stops']);
  });
});

describe('speed_factor', () => {
  const { locations, matrices } = line(5);
  const jobs = [{ id: 1, location_index: 4, service: 0, time_windows: [[0, 250]] as [number, number][] }];

  it('divides travel durations: a vehicle twice as fast reaches a window the profile speed misses', () => {
    const slow: SolverRequest = { locations, vehicles: [{ id: 1, start_index: 0, end_index: 0 }], jobs };
    expect(solveCapped(slow, matrices, 20).unassigned.map((u) => u.reason)).toEqual(['time_window']);
    const fast: SolverRequest = { ...slow, vehicles: [{ ...slow.vehicles[0], speed_factor: 2 }] };
    const res = solveCapped(fast, matrices, 20);
    expect(checkSolution(fast, matrices, res)).toEqual([]);
    expect(res.routes[0].steps.find((s) => s.type === 'job')?.arrival).toBe(200);
    expect(res.routes[0].distance).toBe(8000);
  });

  it('is applied by the checker too: a result at the profile speed breaks the fast vehicle’s figures', () => {
    const plain: SolverRequest = { locations, vehicles: [{ id: 1, start_index: 0, end_index: 0 }], jobs: [{ id: 1, location_index: 2 }] };
    const res = solveCapped(plain, matrices, 20);
    const fast = { ...plain, vehicles: [{ ...plain.vehicles[0], speed_factor: 2 }] };
    expect(checkSolution(fast, matrices, res).length).toBeGreaterThan(0);
  });
});
