// Small hand-built problems for the operator tests: jobs at points of a plane (travel time and
// cost = rounded Euclidean distance), every route from and back to a depot at the origin, and a
// solution holding routes given as lists of job numbers (job k is task k).
import { expect } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type Window } from '../../../../shared/solver';
import { buildProblem } from '../../../../shared/solver/model/problem';
import type { Move, Operator } from '../../../../shared/solver/operators/move';
import { applyMove } from '../../../../shared/solver/operators/move';
import { Rng } from '../../../../shared/solver/prng';
import { buildResult } from '../../../../shared/solver/result/output';
import { Solution } from '../../../../shared/solver/routes/solution';
import { buildContext } from '../../../../shared/solver/search/context';

export interface Stop {
  at: [number, number];
  demand?: number;
  window?: Window;
}

export interface Van {
  capacity?: number;
}

export function plane(stops: Stop[], vans: Van[]): { request: SolverRequest; matrices: SolverMatrices } {
  const pts: [number, number][] = [[0, 0], ...stops.map((s) => s.at)];
  const m = pts.map((a) => pts.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]))));
  const request: SolverRequest = {
    locations: pts.map(([x, y]) => [y / 1000, x / 1000]),
    jobs: stops.map((s, k) => ({
      id: k,
      location_index: k + 1,
      delivery: [s.demand ?? 0],
      time_windows: s.window ? [s.window] : undefined,
    })),
    vehicles: vans.map((v, k) => ({ id: k, start_index: 0, end_index: 0, capacity: [v.capacity ?? 1000] })),
  };
  return { request, matrices: { car: { durations: m, distances: m } } };
}

/** The problem, a search context and a solution with `routes[k]` on vehicle k. */
export function withRoutes(inst: ReturnType<typeof plane>, routes: number[][]) {
  const p = buildProblem(inst.request, inst.matrices);
  const ctx = buildContext(p, new Rng(1));
  const sol = Solution.fromRoutes(
    p,
    routes.map((tasks, vehicle) => ({ vehicle, tasks })),
  );
  return { p, ctx, sol };
}

export function sequences(sol: Solution): number[][] {
  return sol.routes.map((r) => r.seq.slice());
}

/**
 * Applies the operator's best move and asserts its contract: the gain is positive and is the
 * cost the solution lost, nothing is lost or duplicated, and the independent checker finds the
 * result valid. Returns the move.
 */
export function applyChecked(inst: ReturnType<typeof plane>, s: ReturnType<typeof withRoutes>, op: Operator): Move {
  const m = op.find(s.ctx, s.sol);
  expect(m).not.toBeNull();
  const before = s.sol.objective().cost;
  const tasks = sequences(s.sol)
    .flat()
    .sort((a, b) => a - b);
  applyMove(s.sol, m!);
  expect(m!.gain).toBeGreaterThan(0);
  expect(before - s.sol.objective().cost).toBeCloseTo(m!.gain, 9);
  expect(
    sequences(s.sol)
      .flat()
      .sort((a, b) => a - b),
  ).toEqual(tasks);
  expectValid(inst, s);
  return m!;
}

export function expectValid(inst: ReturnType<typeof plane>, s: ReturnType<typeof withRoutes>) {
  const result = buildResult(s.p, s.sol, new Set());
  expect(result.unassigned).toEqual([]);
  expect(checkSolution(inst.request, inst.matrices, result)).toEqual([]);
  for (const r of s.sol.routes) for (const t of r.seq) expect(s.sol.routeOf[t]).toBe(r.v.index);
}

/** Runs the operator to a local optimum on a solution; every move must keep the contract. */
export function descend(inst: ReturnType<typeof plane>, s: ReturnType<typeof withRoutes>, op: Operator, cap = 50): number {
  let moves = 0;
  while (moves < cap && op.find(s.ctx, s.sol)) {
    applyChecked(inst, s, op);
    moves++;
  }
  return moves;
}
