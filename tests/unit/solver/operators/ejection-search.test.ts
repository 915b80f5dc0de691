// The route minimisation's fast ejection search against brute force: over every used route, every
// position for the task and every set of at most K_MAX other tasks, the smallest sum of ejection
// counts whose removal leaves the route valid by the reference evaluation (route-eval.ts). The
// search must find that same sum, and what it returns must be that route with the task in and
// the ejected tasks out, valid, with t's insertion cost told right.
import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../../shared/solver/search/context';
import { construct } from '../../../../shared/solver/search/construction';
import { EjectionSearch, fastEjectionApplies, K_MAX } from '../../../../shared/solver/operators/ejection-search';
import { ejectionRoutes } from '../../../../shared/solver/operators/route-minimisation';
import { sizeThresholds } from '../../../../shared/solver/thresholds';
import { buildProblem, type Problem } from '../../../../shared/solver/model/problem';
import { Rng } from '../../../../shared/solver/prng';
import { evaluateRoute } from '../../../../shared/solver/routes/route-eval';
import type { Solution } from '../../../../shared/solver/routes/solution';
import { generate, lcg, type GenOptions } from '../helpers';

function subsets(n: number, max: number): number[][] {
  const out: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const set: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) set.push(i);
    if (set.length <= max) out.push(set);
  }
  return out;
}

/** What t adds between its neighbours on `seq`. */
function insertionCost(p: Problem, vehicle: number, seq: number[], t: number): number {
  const v = p.vehicles[vehicle];
  const i = seq.indexOf(t);
  const a = i > 0 ? p.loc[seq[i - 1]] : v.start;
  const b = p.loc[t];
  const z = i < seq.length - 1 ? p.loc[seq[i + 1]] : v.end;
  const arc = (x: number, y: number) => (x >= 0 && y >= 0 ? v.cost[x * p.nLoc + y] : 0);
  return arc(a, b) + arc(b, z) - arc(a, z);
}

/** The smallest penalty sum over all routes (or those of `only`), positions and sets, or Infinity. */
function bruteForce(p: Problem, sol: Solution, t: number, penalty: Float64Array, only?: number[]): number {
  let best = Infinity;
  for (const r of sol.routes) {
    if (only && !only.includes(r.v.index)) continue;
    if (r.length === 0 || !p.allowed[t * p.vehicles.length + r.v.index]) continue;
    for (let q = 0; q <= r.seq.length; q++) {
      const route = [...r.seq.slice(0, q), t, ...r.seq.slice(q)];
      const others = route.map((_, i) => i).filter((i) => i !== q);
      for (const set of subsets(others.length, K_MAX)) {
        const out = set.map((i) => route[others[i]]);
        const sum = out.reduce((s, x) => s + penalty[x], 0);
        if (sum >= best) continue;
        const seq = route.filter((x) => !out.includes(x));
        if (evaluateRoute(p, r.v, seq).ok) best = sum;
      }
    }
  }
  return best;
}

/** `tight`: capacities small enough that loads, not only windows, decide what must go. */
function scenario(o: GenOptions & { tight?: boolean }) {
  const { request, matrices } = generate(o);
  if (o.tight) for (const v of request.vehicles) v.capacity = [22, 11];
  const p = buildProblem(request, matrices);
  const ctx = buildContext(p, new Rng(o.seed));
  return { p, sol: construct(ctx) };
}

const cases: (GenOptions & { tight?: boolean })[] = [
  { seed: 21, jobs: 24, shipments: 0, vehicles: 5 },
  { seed: 22, jobs: 26, shipments: 0, vehicles: 5, multiWindows: true },
  { seed: 23, jobs: 22, shipments: 0, vehicles: 4, openRoutes: true },
  { seed: 24, jobs: 24, shipments: 0, vehicles: 6, skills: true },
  { seed: 29, jobs: 26, shipments: 0, vehicles: 8, tight: true },
  { seed: 30, jobs: 26, shipments: 0, vehicles: 8, tight: true, multiWindows: true },
  { seed: 25, jobs: 9, shipments: 0, vehicles: 3, loose: true },
];

describe('EjectionSearch', () => {
  it.each(cases)('finds the least penalty sum brute force finds (seed $seed)', (o) => {
    const { p, sol } = scenario(o);
    expect(fastEjectionApplies(p)).toBe(true);
    const rnd = lcg(o.seed);
    let compared = 0;
    let found = 0;
    for (const t of sol.routes.flatMap((r) => r.seq)) {
      const home = sol.routeOf[t];
      const route = sol.routes[home];
      if (route.length > 9) continue;
      const penalty = new Float64Array(p.nTasks).map(() => 1 + rnd.int(4));
      const before = route.seq;
      route.seq = before.filter((x) => x !== t);
      route.refresh();
      sol.routeOf[t] = -1;
      // Half the cases try a part of the routes only (the route minimisation's neighbour routes).
      const used = sol.routes.filter((r) => r.length > 0).map((r) => r.v.index);
      const only = compared % 2 === 1 ? used.filter((_, i) => i % 2 === 0) : undefined;
      const want = bruteForce(p, sol, t, penalty, only);
      const got = new EjectionSearch(p, penalty).find(sol, t, only);
      if (got && only) expect(only).toContain(got.vehicle);
      compared++;
      if (want === Infinity) expect(got).toBeNull();
      else {
        found++;
        expect(got).not.toBeNull();
        const e = got!;
        expect(e.penalty).toBe(want);
        expect(e.out.reduce((s, x) => s + penalty[x], 0)).toBe(want);
        expect(e.out).not.toContain(t);
        expect(e.out.length).toBeLessThanOrEqual(K_MAX);
        const r = sol.routes[e.vehicle];
        expect([...e.seq, ...e.out].sort((a, b) => a - b)).toEqual([...r.seq, t].sort((a, b) => a - b));
        expect(evaluateRoute(p, r.v, e.seq).ok).toBe(true);
        expect(e.delta).toBeCloseTo(insertionCost(p, e.vehicle, e.seq, t), 6);
      }
      route.seq = before;
      route.refresh();
      sol.routeOf[t] = home;
    }
    expect(compared).toBeGreaterThan(5);
    expect(found).toBeGreaterThan(0);
  });

  it('ejects into the routes of the nearest neighbours once many routes are used', () => {
    const { p, sol } = scenario({ seed: 31, jobs: 30, shipments: 0, vehicles: 8 });
    const used = sol.routes.filter((r) => r.length > 0).length;
    expect(used).toBeGreaterThan(2);
    const all = buildContext(p, new Rng(31), 48, sizeThresholds({ granularRoutes: used }));
    const granular = buildContext(p, new Rng(31), 48, sizeThresholds({ granularRoutes: 2 }));
    let narrowed = 0;
    for (let t = 0; t < p.nTasks; t++) {
      expect(ejectionRoutes(all, sol, t)).toBeUndefined();
      const routes = ejectionRoutes(granular, sol, t)!;
      const want = [...new Set(granular.neighbors.slice(t * granular.K, t * granular.K + 16).map((x) => sol.routeOf[x]))]
        .filter((v) => v >= 0)
        .sort((a, b) => a - b);
      expect(routes).toEqual(want);
      if (routes.length < used) narrowed++;
    }
    expect(narrowed).toBeGreaterThan(0);
  });

  it('leaves problems it does not model to the general ejection', () => {
    expect(fastEjectionApplies(scenario({ seed: 26, jobs: 10, shipments: 2, vehicles: 3 }).p)).toBe(false);
    expect(fastEjectionApplies(scenario({ seed: 27, jobs: 10, shipments: 0, vehicles: 3, breaks: true }).p)).toBe(false);
    expect(fastEjectionApplies(scenario({ seed: 28, jobs: 10, shipments: 0, vehicles: 3, setup: true }).p)).toBe(false);
  });
});
