// The recreate's cost budget: the search hands it what a candidate may still cost before it could
// only be rejected, and the recreate stops at the first insertion that spends it.
import { describe, expect, it } from 'vitest';
import { checkSolution, solve } from '../../../shared/solver';
import { construct } from '../../../shared/solver/search/construction';
import { buildContext } from '../../../shared/solver/search/context';
import { buildProblem } from '../../../shared/solver/model/problem';
import { Rng } from '../../../shared/solver/prng';
import { recreate } from '../../../shared/solver/search/ruin-recreate/recreate';
import type { Solution } from '../../../shared/solver/routes/solution';
import { generate, lcg } from './helpers';

/** A constructed solution with about a third of its tasks taken out, and a fresh context to put them back. */
function ruined(seed: number) {
  const { request, matrices } = generate({ seed, jobs: 60, shipments: 6, vehicles: 6, loose: true });
  const p = buildProblem(request, matrices);
  const sol = construct(buildContext(p, new Rng(seed)));
  const r = lcg(seed);
  sol.removeTasks([...Array(p.nTasks).keys()].filter((t) => sol.routeOf[t] >= 0 && r.next() < 0.35));
  return { p, sol, out: sol.unassignedTasks() };
}

const cost = (s: Solution) => s.objective().cost;
const served = (s: Solution) => [...s.routeOf].map((v) => v >= 0);

describe('recreate with a budget', () => {
  it('stops at the insertion that spends the budget, after the same insertions the unbounded recreate makes first', () => {
    for (const seed of [1, 2, 3]) {
      const { p, sol, out } = ruined(seed);
      const before = cost(sol);
      const full = sol.clone();
      expect(recreate(buildContext(p, new Rng(9)), full, out.slice(), 0)).toBe(true);
      expect(full.unassignedTasks()).toEqual([]);
      const spent = cost(full) - before;
      expect(spent).toBeGreaterThan(0);

      const cut = sol.clone();
      expect(recreate(buildContext(p, new Rng(9)), cut, out.slice(), 0, undefined, spent / 2)).toBe(false);
      const left = cut.unassignedTasks().length;
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(out.length);
      expect(cost(cut) - before).toBeGreaterThanOrEqual(spent / 2 - 1e-6);
      // Every task it placed, the unbounded recreate placed on the same vehicle.
      cut.routeOf.forEach((v, t) => {
        if (v >= 0 && sol.routeOf[t] < 0) expect(full.routeOf[t]).toBe(v);
      });
    }
  });

  it('changes nothing when the budget covers the whole recreate', () => {
    const { p, sol, out } = ruined(4);
    const a = sol.clone();
    const b = sol.clone();
    expect(recreate(buildContext(p, new Rng(5)), a, out.slice(), 0)).toBe(true);
    const spent = cost(a) - cost(sol);
    expect(recreate(buildContext(p, new Rng(5)), b, out.slice(), 0, undefined, spent + 1)).toBe(true);
    expect(served(b)).toEqual(served(a));
    expect(cost(b)).toBe(cost(a));
  });
});

describe('recreate on many routes', () => {
  // The branch past `granularRoutes` used routes (tasks tried only in their neighbours' routes),
  // reached on 30 tasks by lowering the threshold; 'near' likewise with fewer near neighbours.
  it('tries a task in its neighbours’ routes only, and still serves everything validly', () => {
    const { request, matrices } = generate({ seed: 7, jobs: 30, shipments: 0, vehicles: 12 });
    const opts = { deadlineMs: Infinity, clock: () => 0, seed: 2, maxIterations: 300 };
    const low = solve(request, matrices, { ...opts, thresholds: { granularRoutes: 2, nearNeighbours: 4 } });
    const full = solve(request, matrices, opts);
    expect(low.routes.length).toBeGreaterThan(2);
    expect(low.unassigned.length).toBe(full.unassigned.length);
    expect(checkSolution(request, matrices, low)).toEqual([]);
    expect(low).not.toEqual(full);
  });
});

describe('recreate on a closed fleet', () => {
  // After the fleet-size objective's route minimisation the search holds the fleet it reached:
  // a task that fits in no used route stays out rather than opening one.
  it('empties out a whole route: its tasks stay out where no other route has room', () => {
    const { request, matrices } = generate({ seed: 5, jobs: 20, shipments: 0, vehicles: 6 });
    const p = buildProblem(request, matrices);
    const sol = construct(buildContext(p, new Rng(5)));
    const used = sol.routes.filter((r) => r.length > 0);
    expect(used.length).toBeGreaterThan(1);
    const victim = used[0];
    const tasks = victim.seq.slice();
    sol.removeTasks(tasks);
    const ctx = buildContext(p, new Rng(5));
    ctx.closedFleet = true;
    recreate(ctx, sol, tasks.slice(), 0);
    expect(sol.routes.filter((r) => r.length > 0).length).toBeLessThanOrEqual(used.length - 1);
    for (const t of sol.unassignedTasks()) expect(tasks).toContain(t);
  });
});

describe('recreate with a budget on a closed fleet', () => {
  // A finite budget means the search rejects any candidate with a task left out, so the recreate
  // gives up at the first task that fits nowhere rather than place the rest for nothing.
  it('stops at the first task that fits nowhere, after the same insertions the unbounded recreate makes', () => {
    let seen = 0;
    let earlier = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { request, matrices } = generate({ seed, jobs: 24, shipments: 0, vehicles: 6 });
      const p = buildProblem(request, matrices);
      const sol = construct(buildContext(p, new Rng(seed)));
      const victim = sol.routes.filter((r) => r.length > 0).sort((a, b) => b.length - a.length)[0];
      const tasks = victim.seq.slice();
      sol.removeTasks(tasks);
      const closed = () => Object.assign(buildContext(p, new Rng(3)), { closedFleet: true });
      const full = sol.clone();
      expect(recreate(closed(), full, tasks.slice(), 0)).toBe(true);
      const cut = sol.clone();
      const kept = recreate(closed(), cut, tasks.slice(), 0, undefined, 1e12);
      if (tasks.every((t) => full.routeOf[t] >= 0)) {
        expect(kept).toBe(true);
        continue;
      }
      seen++;
      expect(kept).toBe(false);
      const placed = tasks.filter((t) => cut.routeOf[t] >= 0);
      for (const t of placed) expect(cut.routeOf[t]).toBe(full.routeOf[t]);
      if (placed.length < tasks.filter((t) => full.routeOf[t] >= 0).length) earlier++;
    }
    // Some victims leave a task out, and in some of those the unbounded recreate placed more after it.
    expect(seen).toBeGreaterThan(0);
    expect(earlier).toBeGreaterThan(0);
  });
});
