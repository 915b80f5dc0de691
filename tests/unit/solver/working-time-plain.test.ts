// A working-time limit without shifts is an end time (VehicleModel.endBy), so problems with one
// keep the O(1) checks of plain problems. These must agree with the full evaluation of every
// route, and the solutions with the independent checker, depot loading time included.
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../shared/solver';
import { buildProblem } from '../../../shared/solver/model/problem';
import { KIND_JOB } from '../../../shared/solver/model/tasks';
import { bestInsertion, type Insertion } from '../../../shared/solver/routes/insertion';
import { evaluateRoute } from '../../../shared/solver/routes/route-eval';
import { RouteState } from '../../../shared/solver/routes/route-state';
import type { SolverRequest } from '../../../shared/solver/types';
import { generate, lcg, solveCapped, type GenOptions } from './helpers';

const cases: GenOptions[] = [
  { seed: 21, jobs: 60, shipments: 0, vehicles: 5, workingTime: true },
  { seed: 22, jobs: 50, shipments: 0, vehicles: 4, workingTime: true, multiWindows: true, limits: true },
  { seed: 23, jobs: 40, shipments: 0, vehicles: 3, workingTime: true, openRoutes: true },
];

/** The same instance with the vehicles loading for `service` seconds at a depot where they start. */
function withDepot(request: SolverRequest, service: number): SolverRequest {
  return { ...request, depots: [{ id: 1, location_index: 0, service }] };
}

describe('a working-time limit on a plain problem', () => {
  for (const o of cases)
    for (const service of [0, 300]) {
      const label = `case ${o.seed}, loading ${service} s`;
      const built = generate(o);
      const request = withDepot(built.request, service);
      const p = buildProblem(request, built.matrices);

      it(`keeps the fast checks, which agree with the full evaluation on random routes (${label})`, () => {
        expect(p.simple).toBe(true);
        const r = lcg(o.seed);
        const jobs = [...Array(p.nTasks).keys()].filter((t) => p.kind[t] === KIND_JOB);
        let refused = 0;
        let kept = 0;
        for (let k = 0; k < 400; k++) {
          const v = p.vehicles[r.int(p.vehicles.length)];
          // Routes ordered by window start, so the windows alone rarely refuse them.
          const seq = jobs.filter(() => r.next() < 0.12).sort((a, b) => p.twStart[p.twOff[a]] - p.twStart[p.twOff[b]]);
          const full = evaluateRoute(p, v, seq);
          const route = new RouteState(p, v, seq);
          expect(route.feasible, `vehicle ${v.id}, ${seq.length} tasks`).toBe(full.ok);
          if (full.ok) kept++;
          else if (full.reason === 'max_travel_time' && v.maxWorkingTime < Infinity) refused++;
        }
        // The limit binds on some routes and lets others through: the test sees both sides.
        expect(refused).toBeGreaterThan(5);
        expect(kept).toBeGreaterThan(5);
      });

      it(`offers only insertions the full evaluation accepts (${label})`, () => {
        const r = lcg(o.seed + 1);
        const jobs = [...Array(p.nTasks).keys()].filter((t) => p.kind[t] === KIND_JOB);
        const ins: Insertion = { delta: 0, i: 0, j: -1 };
        let offered = 0;
        for (let k = 0; k < 400; k++) {
          const v = p.vehicles[r.int(p.vehicles.length)];
          const seq = jobs.filter(() => r.next() < 0.08).sort((a, b) => p.twStart[p.twOff[a]] - p.twStart[p.twOff[b]]);
          const route = new RouteState(p, v, seq);
          if (!route.feasible) continue;
          const t = jobs.find((j) => !seq.includes(j) && r.next() < 0.3);
          if (t === undefined || !bestInsertion(route, t, ins)) continue;
          offered++;
          const next = [...seq.slice(0, ins.i), t, ...seq.slice(ins.i)];
          expect(evaluateRoute(p, v, next).ok, `task ${t} at ${ins.i} on vehicle ${v.id}`).toBe(true);
        }
        expect(offered).toBeGreaterThan(10);
      });

      it(`solves to checker-clean routes within the limit (${label})`, () => {
        const res = solveCapped(request, built.matrices, 60, o.seed);
        expect(checkSolution(request, built.matrices, res)).toEqual([]);
        expect(res.routes.length).toBeGreaterThan(0);
      });
    }
});
