// The recreate's swap rescue (search/ruin-recreate/swap-rescue.ts): on a closed fleet, a task
// that fits in no route goes in place of a nearby route's task, which moves to another route.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest } from '../../../shared/solver';
import { buildProblem } from '../../../shared/solver/model/problem';
import { buildContext } from '../../../shared/solver/search/context';
import { Rng } from '../../../shared/solver/prng';
import { recreate } from '../../../shared/solver/search/ruin-recreate/recreate';
import { Solution } from '../../../shared/solver/routes/solution';
import { buildResult } from '../../../shared/solver/result/output';
import { generate } from './helpers';
import { construct } from '../../../shared/solver/search/construction';
import { SwapRescue } from '../../../shared/solver/search/ruin-recreate/swap-rescue';
import { bestInsertion } from '../../../shared/solver/routes/insertion';

/** Locations 0..n-1 on a line, 100 s and 1 km apart; location 0 is the depot. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  const m = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
  return { locations: idx.map((i) => [0, i / 100]), matrices: { car: { durations: m(100), distances: m(1000) } } };
}

const { locations, matrices } = line(6);
/** Two vans of 10. Van 1 carries a (job 1: 3) and b (2: 5); van 2 carries c (3: 5); t (4: 6) is out. */
const request: SolverRequest = {
  locations,
  vehicles: [1, 2].map((id) => ({ id, start_index: 0, end_index: 0, capacity: [10] })),
  jobs: [
    { id: 1, location_index: 1, delivery: [3] },
    { id: 2, location_index: 2, delivery: [5] },
    { id: 3, location_index: 4, delivery: [5] },
    { id: 4, location_index: 3, delivery: [6] },
  ],
};

function start(closed: boolean) {
  const p = buildProblem(request, matrices);
  const ctx = buildContext(p, new Rng(1));
  ctx.closedFleet = closed;
  const sol = Solution.fromRoutes(p, [
    { vehicle: 0, tasks: [0, 1] },
    { vehicle: 1, tasks: [2] },
  ]);
  return { p, ctx, sol };
}

describe('swap rescue', () => {
  it('puts a task that fits nowhere in place of one that fits elsewhere, and the routes stay valid', () => {
    const { p, ctx, sol } = start(true);
    expect(recreate(ctx, sol, [3], 0)).toBe(true);
    // t can only join a (3 + 6 = 9 of 10); b (5) then fits beside c (5 + 5 = 10).
    expect(sol.routeOf[3]).toBe(0);
    expect(sol.routeOf[0]).toBe(0);
    expect(sol.routeOf[1]).toBe(1);
    expect(sol.routes.every((r) => r.feasible)).toBe(true);
    expect(checkSolution(request, matrices, buildResult(p, sol, new Set()))).toEqual([]);
  });

  it('counts the swap in what the recreate spent, so a budget below it rejects the candidate', () => {
    const { ctx, sol } = start(true);
    const before = sol.objective().cost;
    const placed = sol.clone();
    expect(recreate(ctx, placed, [3], 0)).toBe(true);
    const added = placed.objective().cost - before;
    expect(added).toBeGreaterThan(0);
    expect(recreate(start(true).ctx, sol, [3], 0, undefined, added - 1)).toBe(false);
  });

  it('is not tried on an open fleet, where the task may open a route instead', () => {
    const { ctx, sol } = start(false);
    expect(recreate(ctx, sol, [3], 0)).toBe(true);
    // Only two vans, both in use: left out rather than swapped.
    expect(sol.routeOf[3]).toBe(-1);
  });

  it('on generated problems: a task no route takes goes in at exactly the cost it reports, and every route stays valid', () => {
    let rescued = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const gen = generate({ seed, jobs: 24, shipments: 0, vehicles: 6 });
      const p = buildProblem(gen.request, gen.matrices);
      const ctx = buildContext(p, new Rng(seed));
      const sol = construct(ctx);
      const victim = sol.routes.filter((r) => r.length > 0).sort((a, b) => b.length - a.length)[0];
      const tasks = victim.seq.slice();
      sol.removeTasks(tasks);
      ctx.closedFleet = true;
      const swaps = new SwapRescue(ctx);
      expect(swaps.applies()).toBe(true);
      const ins = { delta: 0, i: 0, j: -1 };
      for (const t of tasks) {
        if (sol.routes.some((r) => r.length > 0 && bestInsertion(r, t, ins))) continue;
        const before = sol.objective().cost;
        const added = swaps.rescue(sol, t, () => true);
        if (Number.isNaN(added)) {
          expect(sol.routeOf[t]).toBe(-1);
          expect(sol.objective().cost).toBe(before);
          continue;
        }
        rescued++;
        expect(sol.routeOf[t]).toBeGreaterThanOrEqual(0);
        expect(sol.objective().cost - before).toBeCloseTo(added, 6);
        expect(sol.routes.every((r) => r.feasible)).toBe(true);
      }
      // The tasks still out are reported unassigned; the routes themselves break no rule.
      expect(checkSolution(gen.request, gen.matrices, buildResult(p, sol, new Set()))).toEqual([]);
    }
    expect(rescued).toBeGreaterThan(0);
  });
});
