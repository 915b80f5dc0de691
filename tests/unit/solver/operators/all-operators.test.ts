// Each local-search operator: the gain it reports equals the cost difference after applying
// the move, the move is improving, and the resulting solution passes the independent checker.
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../../shared/solver';
import { construct } from '../../../../shared/solver/search/construction';
import { buildContext } from '../../../../shared/solver/search/context';
import { applyMove } from '../../../../shared/solver/operators/move';
import { OPERATORS } from '../../../../shared/solver/operators/local-search';
import { buildResult } from '../../../../shared/solver/result/output';
import { buildProblem } from '../../../../shared/solver/model/problem';
import { Rng } from '../../../../shared/solver/prng';
import { generate, type GenOptions } from '../helpers';

const cases: GenOptions[] = [];
for (let seed = 1; seed <= 4; seed++) {
  cases.push({ seed, jobs: 40, shipments: 0, vehicles: 6, costs: seed % 2 === 0 });
  cases.push({
    seed: seed + 100,
    jobs: 30,
    shipments: 4,
    vehicles: 5,
    multiWindows: true,
    breaks: seed % 2 === 0,
    setup: true,
    costs: true,
  });
  cases.push({ seed: seed + 200, jobs: 40, shipments: 0, vehicles: 8, loose: true, costs: true });
}

describe.each(OPERATORS.map((op) => [op.name, op] as const))('operator %s', (_name, op) => {
  it('reports a gain equal to the cost decrease after applying it', () => {
    let found = 0;
    for (const o of cases) {
      const { request, matrices } = generate(o);
      const p = buildProblem(request, matrices);
      const ctx = buildContext(p, new Rng(o.seed));
      const sol = construct(ctx);
      for (let round = 0; round < 5; round++) {
        const m = op.find(ctx, sol);
        if (!m) break;
        found++;
        const before = sol.objective().cost;
        applyMove(sol, m);
        const after = sol.objective().cost;
        expect(m.gain).toBeGreaterThan(0);
        expect(before - after).toBeCloseTo(m.gain, 6);
        const res = buildResult(p, sol, new Set());
        expect(checkSolution(request, matrices, res)).toEqual([]);
        // The solution's bookkeeping agrees with the routes.
        for (const r of sol.routes) for (const t of r.seq) expect(sol.routeOf[t]).toBe(r.v.index);
      }
    }
    expect(found).toBeGreaterThan(0);
  });
});
