// Layovers (vehicles[].layover_config): small problems whose answer is known by hand, and the
// checker catching results that break the rule.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { solveCapped } from './helpers';

/** Locations 0..n-1 on a line, 100 s and 1 km apart; location 0 is the start and end. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  const m = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
  return { locations: idx.map((i) => [0, i / 100]), matrices: { car: { durations: m(100), distances: m(1000) } } };
}

const { locations, matrices } = line(5);
const jobs = [1, 2, 3, 4].map((id) => ({ id, location_index: id, service: 10 }));
const shape = (res: SolverResult) => res.routes[0].steps.map((s) => `${s.type}${s.id ?? ''}@${s.location_index}`);

describe('layover_config', () => {
  // An open route out along the line: 0-1-2-3-4 is the only cheapest order (400 s of driving).
  const out = { id: 1, start_index: 0 };
  const rule = { max_continuous_time: 250, layover_duration: 60 };

  it('rests at the stop before the leg that would pass max_continuous_time', () => {
    const request: SolverRequest = { locations, vehicles: [{ ...out, layover_config: rule }], jobs };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    // 200 s driven at 2; the next 100 s would make 300 > 250.
    expect(shape(res)).toEqual(['start@0', 'job1@1', 'job2@2', 'layover@2', 'job3@3', 'job4@4']);
    const steps = res.routes[0].steps;
    expect(steps[3]).toMatchObject({ arrival: 220, service: 60, waiting_time: 0, duration: 200, distance: 2000, setup: 0 });
    expect(steps[4].arrival).toBe(220 + 60 + 100);
    expect(res.routes[0].service).toBe(40 + 60);
  });

  it('counts setup and service with include_service_time', () => {
    const request: SolverRequest = {
      locations,
      vehicles: [{ ...out, layover_config: { ...rule, include_service_time: true } }],
      jobs: jobs.map((j) => ({ ...j, service: 30 })),
    };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    // Each stop is 100 s driving + 30 s service = 130 s: two never fit between rests.
    expect(shape(res)).toEqual(['start@0', 'job1@1', 'layover@1', 'job2@2', 'layover@2', 'job3@3', 'layover@3', 'job4@4']);
  });

  it('a wait of at least a layover rests the driver: no layover step', () => {
    const request: SolverRequest = {
      locations,
      vehicles: [{ ...out, layover_config: rule }],
      jobs: jobs.map((j) => (j.id === 2 ? { ...j, time_windows: [[500, 2000]] as [number, number][] } : j)),
    };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(shape(res)).toEqual(['start@0', 'job1@1', 'job2@2', 'job3@3', 'job4@4']);
    expect(res.routes[0].steps[2].waiting_time).toBe(290);
  });

  it('a break as long as a layover rests the driver', () => {
    const request: SolverRequest = {
      locations,
      vehicles: [{ ...out, layover_config: rule, breaks: [{ id: 1, time_windows: [[150, 230]], service: 90 }] }],
      jobs,
    };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(shape(res)).toEqual(['start@0', 'job1@1', 'job2@2', 'break1@2', 'job3@3', 'job4@4']);
  });

  it('names the rule when a leg cannot fit even right after a rest', () => {
    // Location 4 is 400 s from every other one.
    const far = (f: number) =>
      locations.map((_, i) => locations.map((__, j) => (i === j ? 0 : i === 4 || j === 4 ? 4 * f : f * Math.abs(i - j))));
    const apart: SolverMatrices = { car: { durations: far(100), distances: far(1000) } };
    const request: SolverRequest = {
      locations,
      vehicles: [{ ...out, end_index: 0, layover_config: { max_continuous_time: 350, layover_duration: 60 } }],
      jobs,
    };
    const res = solveCapped(request, apart, 100);
    expect(checkSolution(request, apart, res)).toEqual([]);
    expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[4, 'max_continuous_time']]);
  });

  it('layovers count in the vehicle window and max_working_time', () => {
    const vehicle = { ...out, layover_config: { ...rule, layover_duration: 600 } };
    // 400 s driving + 40 s service + 600 s rest.
    const fits = solveCapped({ locations, vehicles: [{ ...vehicle, time_window: [0, 1040] }], jobs }, matrices, 100);
    expect(fits.unassigned).toEqual([]);
    const tight: SolverRequest = { locations, vehicles: [{ ...vehicle, time_window: [0, 1039] }], jobs };
    const res = solveCapped(tight, matrices, 100);
    expect(checkSolution(tight, matrices, res)).toEqual([]);
    expect(res.unassigned.length).toBeGreaterThan(0);
    const working = { locations, vehicles: [{ ...vehicle, max_working_time: 1039 }], jobs };
    expect(solveCapped(working, matrices, 100).unassigned.length).toBeGreaterThan(0);
  });

  it('the checker catches a missing layover, a short one and one on a vehicle without the rule', () => {
    const request: SolverRequest = { locations, vehicles: [{ ...out, layover_config: rule }], jobs };
    const res = solveCapped(request, matrices, 100);
    const route = res.routes[0];
    const at = route.steps.findIndex((s) => s.type === 'layover');
    // Without the rest (every later step 60 s earlier), only the rule is broken.
    const earlier = route.steps.slice(at + 1).map((s) => ({ ...s, arrival: s.arrival - 60 }));
    const without = { ...res, routes: [{ ...route, steps: [...route.steps.slice(0, at), ...earlier] }] };
    const rules = checkSolution(request, matrices, without).map((v) => v.rule);
    expect(rules.length).toBeGreaterThan(0);
    expect(new Set(rules)).toEqual(new Set(['max_continuous_time']));
    const short = { ...res, routes: [{ ...route, steps: route.steps.map((s, i) => (i === at ? { ...s, service: 30 } : s)) }] };
    expect(checkSolution(request, matrices, short).map((v) => v.rule)).toContain('layover');
    const plain = { ...request, vehicles: [{ ...out }] };
    expect(checkSolution(plain, matrices, res).map((v) => v.rule)).toContain('layover');
  });

  it('multi-trip: the drive back to the depot counts, and a long reload wait rests the driver', () => {
    const request: SolverRequest = {
      locations,
      depots: [{ id: 7, location_index: 0, service: 30 }],
      vehicles: [
        {
          id: 1,
          start_index: 0,
          end_index: 0,
          capacity: [4],
          max_depot_runs: 2,
          layover_config: { max_continuous_time: 500, layover_duration: 60, include_service_time: true },
        },
      ],
      jobs: jobs.map((j) => ({ ...j, delivery: [2] })),
    };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    const steps = res.routes[0].steps;
    expect(steps.filter((s) => s.type === 'start')).toHaveLength(2);
    for (const s of steps) expect(s.run).toBeGreaterThan(0);
  });
});

describe('layover_config at the depot', () => {
  it('loading longer than max_continuous_time with include_service_time serves nothing, and says why', () => {
    const request: SolverRequest = {
      locations,
      depots: [{ id: 1, location_index: 0, service: 300 }],
      vehicles: [{ id: 1, start_index: 0, layover_config: { max_continuous_time: 250, layover_duration: 60, include_service_time: true } }],
      jobs,
    };
    const res = solveCapped(request, matrices, 50);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.routes).toEqual([]);
    expect(new Set(res.unassigned.map((u) => u.reason))).toEqual(new Set(['max_continuous_time']));
  });
});
