// The insertion scans' neighbour bound is exact: with it, every cheapest insertion (position and
// cost) is the one the full scan finds, for jobs and shipments, on asymmetric matrices, several
// cost matrices and open routes; and it does dismiss positions (it is not vacuous).
import { describe, expect, it } from 'vitest';
import { construct } from '../../../shared/solver/search/construction';
import { buildContext } from '../../../shared/solver/search/context';
import { bestInsertion, insertedSeq, type Insertion } from '../../../shared/solver/routes/insertion';
import { lowArcs } from '../../../shared/solver/routes/near-bound';
import { buildProblem, type Problem } from '../../../shared/solver/model/problem';
import { KIND_DELIVERY } from '../../../shared/solver/model/tasks';
import { transposed } from '../../../shared/solver/model/matrices';
import type { RouteState } from '../../../shared/solver/routes/route-state';
import { Rng } from '../../../shared/solver/prng';
import { evaluateRoute } from '../../../shared/solver/routes/route-eval';
import { generate, lcg, type GenOptions } from './helpers';

/** `tight`: half the generated capacity, so that routes fill up and the job scan meets full ones. */
const cases: (GenOptions & { tight?: boolean })[] = [
  { seed: 1, jobs: 60, shipments: 0, vehicles: 6 },
  { seed: 6, jobs: 60, shipments: 0, vehicles: 6, tight: true },
  { seed: 2, jobs: 40, shipments: 10, vehicles: 6, costs: true },
  { seed: 3, jobs: 50, shipments: 5, vehicles: 8, openRoutes: true, multiWindows: true },
  { seed: 4, jobs: 60, shipments: 0, vehicles: 5, loose: true, costs: true },
  { seed: 5, jobs: 40, shipments: 8, vehicles: 6, limits: true },
];

/** Makes the matrices asymmetric (the bound must not assume a -> b costs what b -> a does). */
function skew(m: ArrayLike<ArrayLike<number>>, seed: number): void {
  const rows = m as number[][];
  const r = lcg(seed);
  for (let i = 0; i < m.length; i++) for (let j = 0; j < m.length; j++) if (i !== j) rows[i][j] += r.int(40);
}

/** Shortest-path closure: afterwards every arc keeps the triangle inequality, as road matrices do. */
function closure(m: ArrayLike<ArrayLike<number>>): void {
  const d = m as number[][];
  const n = d.length;
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (d[i][k] + d[k][j] < d[i][j]) d[i][j] = d[i][k] + d[k][j];
}

/**
 * A case on skewed matrices (closed under shortest paths when asked), built with few neighbours so
 * that most stops are far and the bound has work to do; about a third of its tasks taken out again.
 */
function ruinedCase(o: GenOptions & { tight?: boolean }, closed: boolean) {
  const { request, matrices } = generate(o);
  if (o.tight) for (const v of request.vehicles) v.capacity = v.capacity?.map((c) => Math.floor(c / 2));
  for (const [m, seed] of [
    [matrices.car.durations, o.seed],
    [matrices.car.distances, o.seed + 1],
  ] as const) {
    skew(m, seed);
    if (closed) closure(m);
  }
  const p = buildProblem(request, matrices);
  const ctx = buildContext(p, new Rng(o.seed), 3);
  const sol = construct(ctx);
  const r = lcg(o.seed + 7);
  const assigned = [...Array(p.nTasks).keys()].filter((t) => sol.routeOf[t] >= 0 && p.kind[t] !== KIND_DELIVERY);
  sol.removeTasks(assigned.filter(() => r.next() < 0.3));
  return { p, ctx, sol };
}

/** Whether the job's start load does not fit beside what the route carries from its start. */
function startsFull(p: Problem, route: RouteState, t: number): boolean {
  for (let d = 0; d < p.dims; d++) if (route.load[d] + p.startLoad[t * p.dims + d] > route.v.cap[d]) return true;
  return false;
}

describe('insertion scans', () => {
  it('find the cheapest feasible insertion that trying every position finds', () => {
    let compared = 0;
    let full = 0;
    for (const o of cases) {
      const { p, ctx, sol } = ruinedCase(o, true);
      for (const t of sol.unassignedTasks()) {
        ctx.near.focus(t);
        for (const route of sol.routes) {
          if (!p.allowed[t * p.vehicles.length + route.v.index]) continue;
          let brute = Number.POSITIVE_INFINITY;
          const pair = p.pair[t] >= 0;
          for (let i = 0; i <= route.length; i++)
            for (let j = pair ? i : -1; j <= (pair ? route.length : -1); j++) {
              const ev = evaluateRoute(p, route.v, insertedSeq(route, t, i, j));
              if (ev.ok) brute = Math.min(brute, ev.cost - route.cost);
            }
          const found: Insertion = { delta: 0, i: 0, j: -1 };
          const ok = bestInsertion(route, t, found, undefined, 0, Number.POSITIVE_INFINITY, ctx.near);
          expect(ok).toBe(brute < Number.POSITIVE_INFINITY);
          if (ok) expect(found.delta).toBeCloseTo(brute, 6);
          if (ok && pair) compared++;
          if (!pair && startsFull(p, route, t)) full++;
        }
      }
    }
    // Enough shipment insertions met to mean something (how many depends on the construction's draws).
    expect(compared).toBeGreaterThan(12);
    // The job scan turns such routes away before its first position: they were met, and agreed.
    expect(full).toBeGreaterThan(20);
  });
});

describe('insertion neighbour bound', () => {
  it('finds the same cheapest insertion as the full scan, under any bound', () => {
    let compared = 0;
    for (const o of cases) {
      const { p, ctx, sol } = ruinedCase(o, false);
      // The bound serves plain problems (the others confirm candidates by full evaluation).
      if (!p.simple) continue;
      for (const t of sol.unassignedTasks()) {
        ctx.near.focus(t);
        for (const route of sol.routes) {
          const full: Insertion = { delta: 0, i: 0, j: -1 };
          const fullOk = bestInsertion(route, t, full);
          // The scans read arcs into a stop from the transposed matrices: the full evaluation agrees.
          if (fullOk) {
            const ev = evaluateRoute(p, route.v, insertedSeq(route, t, full.i, full.j));
            expect(ev.ok).toBe(true);
            expect(ev.cost - route.cost).toBeCloseTo(full.delta, 6);
          }
          for (const bound of [Number.POSITIVE_INFINITY, full.delta + 1, full.delta, full.delta / 2]) {
            const a: Insertion = { delta: 0, i: 0, j: -1 };
            const b: Insertion = { delta: 0, i: 0, j: -1 };
            const okA = bestInsertion(route, t, a, undefined, 0, bound);
            const okB = bestInsertion(route, t, b, undefined, 0, bound, ctx.near);
            expect(okB).toBe(okA);
            if (okA) expect(b).toEqual(a);
            if (fullOk && bound === Number.POSITIVE_INFINITY) compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('transposes a matrix, and keeps a symmetric one as it is', () => {
    const asym = Float64Array.from([0, 1, 2, 3, 0, 4, 5, 6, 0]);
    expect([...transposed(asym, 3)]).toEqual([0, 3, 5, 1, 0, 6, 2, 4, 0]);
    const sym = Float64Array.from([0, 1, 2, 1, 0, 3, 2, 3, 0]);
    expect(transposed(sym, 3)).toBe(sym);
  });

  it('bounds every arc from and to a task by the cheapest one outside its neighbours, and dismisses positions', () => {
    const { request, matrices } = generate(cases[0]);
    const p = buildProblem(request, matrices);
    const ctx = buildContext(p, new Rng(1), 3);
    const { lowIn, lowOut } = lowArcs(p, p.vehicles[0].cost, ctx.neighbors, ctx.K);
    const n = p.nLoc;
    const c = p.vehicles[0].cost;
    for (let t = 0; t < p.nTasks; t++) {
      const near = new Set([t, ...ctx.neighbors.subarray(t * ctx.K, (t + 1) * ctx.K)]);
      let lo = Infinity;
      let hi = Infinity;
      for (let a = 0; a < p.nTasks; a++) {
        if (near.has(a)) continue;
        lo = Math.min(lo, c[p.loc[a] * n + p.loc[t]]);
        hi = Math.min(hi, c[p.loc[t] * n + p.loc[a]]);
      }
      expect([lowIn[t], lowOut[t]]).toEqual([lo, hi]);
    }
    // In a constructed solution, some position lies between two far stops and the bound alone
    // already exceeds the cheapest insertion there.
    const sol = construct(ctx);
    const t = sol.routes[0].seq[0];
    sol.removeTasks([t]);
    ctx.near.focus(t);
    let dismissed = 0;
    for (const route of sol.routes) {
      const best: Insertion = { delta: 0, i: 0, j: -1 };
      if (!bestInsertion(route, t, best)) continue;
      for (let i = 0; i <= route.length; i++) {
        const far = !ctx.near.near(route.locs[i]) && !ctx.near.near(route.locs[i + 1]);
        if (far && lowIn[t] + lowOut[t] - route.arc[i] >= best.delta) dismissed++;
      }
    }
    expect(dismissed).toBeGreaterThan(0);
  });
});
