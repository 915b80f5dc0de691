import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkSolution,
  chooseEngine,
  hgsLeastBudgetMs,
  solveWithStats,
  type SolverMatrices,
  type SolverRequest,
} from '../../../shared/solver';
import { construct } from '../../../shared/solver/search/construction';
import { buildContext } from '../../../shared/solver/search/context';
import { finalize } from '../../../shared/solver/result/finalize';
import { plainData, solveHgs } from '../../../shared/solver/search/hgs';
import { buildResult } from '../../../shared/solver/result/output';
import { buildProblem } from '../../../shared/solver/model/problem';
import { Rng } from '../../../shared/solver/prng';
import { convert, parseInstance } from '../../bench/solver/convert';
import { generate } from './helpers';

const solomon = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/vrp/solomon');

function load(name: string) {
  return convert(parseInstance(readFileSync(join(solomon, `${name}.txt`), 'utf8'), name));
}

/** The solve pipeline with the genetic search in place of ruin-and-recreate. */
function solveWithHgs(request: SolverRequest, matrices: SolverMatrices, seed: number, maxIterations: number) {
  const p = buildProblem(request, matrices);
  const ctx = buildContext(p, new Rng(seed));
  const start = construct(ctx);
  const limits = { deadlineMs: Infinity, clock: () => 0, maxIterations };
  const stats = { iterations: 0, improvements: 0, joined: 0 };
  const best = solveHgs(ctx, request, start, limits, stats);
  expect(best).not.toBeNull();
  expect(stats.iterations).toBe(maxIterations);
  return buildResult(p, best!, finalize(best!, ctx.members));
}

describe('hgs on Solomon instances', () => {
  it('takes Solomon instances as plain and leaves shipments to the other search', () => {
    const { request, matrices } = load('R101');
    const p = buildProblem(request, matrices);
    expect(plainData(p, buildContext(p, new Rng(1)), request)).not.toBeNull();
    const custom = {
      ...request,
      options: { objective: { travel_cost: 'customized' as const, custom: { type: 'min' as const, value: 'vehicles' as const } } },
    };
    const pc = buildProblem(custom, matrices);
    expect(plainData(pc, buildContext(pc, new Rng(1)), custom)).toBeNull();
  });

  for (const name of ['C101', 'R105', 'RC201']) {
    it(`${name}: all tasks served, no violation, same answer for the same seed`, () => {
      const { request, matrices } = load(name);
      const a = solveWithHgs(request, matrices, 7, 30);
      const b = solveWithHgs(request, matrices, 7, 30);
      expect(a.unassigned).toEqual([]);
      expect(checkSolution(request, matrices, a)).toEqual([]);
      expect(b).toEqual(a);
    });
  }
});

describe("solveWithStats with engine 'hgs'", () => {
  const capped = (maxIterations: number) => ({ deadlineMs: Infinity, clock: () => 0, seed: 3, maxIterations, engine: 'hgs' as const });

  it('runs the genetic search on a plain problem (its offspring are the iterations)', () => {
    const { request, matrices } = load('C101');
    const report = solveWithStats(request, matrices, capped(25));
    expect(report.engine).toBe('hgs');
    expect(report.stats.iterations).toBe(25);
    expect(report.stats.improvements).toBeGreaterThan(0);
    expect(report.result.unassigned).toEqual([]);
    expect(checkSolution(request, matrices, report.result)).toEqual([]);
  });

  it('falls back to ruin-and-recreate on a problem that is not plain', () => {
    const { request, matrices } = generate({ seed: 8, jobs: 12, shipments: 3, vehicles: 4, loose: true });
    const p = buildProblem(request, matrices);
    expect(plainData(p, buildContext(p, new Rng(1)), request)).toBeNull();
    const report = solveWithStats(request, matrices, capped(40));
    expect(report.engine).toBe('sisr');
    expect(report.stats.iterations).toBe(40);
    expect(report.result.unassigned).toEqual([]);
    expect(checkSolution(request, matrices, report.result)).toEqual([]);
  });
});

describe("engine 'auto'", () => {
  it('stands for the genetic search from a budget growing with the cube of the task count, else ruin-and-recreate', () => {
    expect(hgsLeastBudgetMs(100)).toBe(4000);
    expect(hgsLeastBudgetMs(200)).toBe(32_000);
    expect(chooseEngine('auto', 4000, 100)).toBe('hgs');
    expect(chooseEngine('auto', 3999, 100)).toBe('sisr');
    expect(chooseEngine('auto', 31_999, 200)).toBe('sisr');
    expect(chooseEngine('auto', 3_600_000, 1000)).toBe('sisr');
    expect(chooseEngine(undefined, Infinity, 100)).toBe('sisr');
    expect(chooseEngine('sisr', Infinity, 100)).toBe('sisr');
    expect(chooseEngine('hgs', 0, 100)).toBe('hgs');
    // A lowered threshold (SolveOptions.thresholds) reaches the genetic search on a short budget.
    expect(chooseEngine('auto', 40, 100, 40)).toBe('hgs');
    expect(chooseEngine('auto', 39, 100, 40)).toBe('sisr');
  });

  // The budget is the deadline less the clock after construction; the iteration cap ends both.
  const run = (engine: 'auto' | 'sisr' | 'hgs', budgetMs: number) => {
    const { request, matrices } = load('R105');
    return solveWithStats(request, matrices, { deadlineMs: budgetMs, clock: () => 0, seed: 5, maxIterations: 20, engine });
  };
  const least = hgsLeastBudgetMs(100);

  it('gives what the genetic search gives with a long budget', () => {
    expect(run('auto', least)).toEqual(run('hgs', least));
  });

  it('gives what ruin-and-recreate gives with a short one', () => {
    const short = least - 1;
    expect(run('auto', short)).toEqual(run('sisr', short));
    expect(run('auto', short)).not.toEqual(run('hgs', short));
  });
});
