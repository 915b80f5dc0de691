// The multi-threaded solve: one thread is exactly the library's solve; two threads meet at each
// return to the best and return the better checked result; a large problem is split between
// them; the result ranking follows the solver's objective order. Bounded by iterations, never by time (the deadline is only a safety net).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSolution, solveWithStats, type OfferedSolution, type SolveReport, type SolverRequest } from '../../../shared/solver';
import { idleSolverThreads, solveInThreads, warmSolverThreads } from '../../../shared/solver-threads';
import { betterOutcome, type Outcome } from '../../../shared/solver-threads/rank';
import { EPOCHS } from '../../../shared/solver/search/ruin-recreate/search';
import { convert, parseInstance } from '../../bench/solver/convert';
import { generate } from './helpers';

const ITERATIONS = 150;
const opts = () => ({ deadlineMs: performance.now() + 120_000, clock: () => performance.now(), seed: 3, maxIterations: ITERATIONS });

describe('solveInThreads', () => {
  const { request, matrices } = generate({ seed: 5, jobs: 30, shipments: 6, vehicles: 4 });

  it('on one thread is the library solve itself', async () => {
    const one = await solveInThreads(request, matrices, opts(), 1);
    expect(one.result).toEqual(solveWithStats(request, matrices, opts()).result);
  });

  /**
   * What two threads must return: the library's solves with seed and seed + 1, handed at each
   * meeting both searches' offers of that round, the better result. A search's offer at a round
   * depends only on what it was handed before, so the rounds are found one at a time.
   */
  const meetingOfTwo = (seed: number): SolveReport => {
    const handed: OfferedSolution[][] = [];
    const solveHanded = (member: number, record?: (round: number, o: OfferedSolution) => void) => {
      let round = 0;
      const meet = (o: OfferedSolution) => {
        record?.(round, o);
        return handed[round++] ?? null;
      };
      return solveWithStats(request, matrices, { ...opts(), seed: seed + member, team: { member, size: 2, meet } });
    };
    for (;;) {
      const offers: OfferedSolution[] = [];
      for (const member of [0, 1]) solveHanded(member, (round, o) => (round === handed.length ? (offers[member] = o) : undefined));
      if (offers.length === 0) break;
      handed.push(offers);
    }
    expect(handed).toHaveLength(3);
    const [own, next] = [0, 1].map((member) => solveHanded(member));
    const outcome = (report: SolveReport): Outcome => ({ report, violations: checkSolution(request, matrices, report.result).length });
    return betterOutcome(request, outcome(next), outcome(own)) ? next : own;
  };

  it('on two threads: the searches meet, and the better of the two results comes back, checked', async () => {
    const two = await solveInThreads(request, matrices, opts(), 2);
    expect(two.result).toEqual(meetingOfTwo(3).result);
    expect(checkSolution(request, matrices, two.result)).toEqual([]);
  }, 120_000);

  it('keeps its thread between solves, and a kept thread answers as a new one does', async () => {
    warmSolverThreads(2);
    expect(idleSolverThreads()).toBe(1);
    const expected = meetingOfTwo(7).result;
    for (let solve = 0; solve < 2; solve++) {
      expect((await solveInThreads(request, matrices, { ...opts(), seed: 7 }, 2)).result).toEqual(expected);
      expect(idleSolverThreads()).toBe(1);
    }
    warmSolverThreads(2);
    expect(idleSolverThreads()).toBe(1);
  }, 120_000);
});

describe('solveInThreads on a problem large enough to split', () => {
  // Solomon's R101 with the split thresholds lowered (as tests/unit/solver/regions.test.ts does):
  // the threads must carry the caller's thresholds, or they would search the whole problem each.
  const file = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/vrp/solomon/R101.txt');
  const { request, matrices } = convert(parseInstance(readFileSync(file, 'utf8'), 'R101'));
  const thresholds = { splitLeastTasksPerSearch: 20, leastRoutesPerRegion: 4 };

  it('splits its routes between the two threads and puts the regions together at every epoch', async () => {
    const report = await solveInThreads(request, matrices, { ...opts(), maxIterations: 400, thresholds }, 2);
    // The start, the epoch ends within the loop and the last: every round met, and every one fitted together.
    expect(report.stats.joined).toBe(EPOCHS);
    expect(checkSolution(request, matrices, report.result)).toEqual([]);
    expect(report.result.unassigned).toEqual([]);
  }, 30_000);

  it('does not split at the default thresholds', async () => {
    const report = await solveInThreads(request, matrices, { ...opts(), maxIterations: 400 }, 2);
    expect(report.stats.joined).toBe(0);
  }, 30_000);
});

describe('betterOutcome', () => {
  const request: SolverRequest = {
    locations: [[0, 0]],
    vehicles: [{ id: 1 }],
    jobs: [
      { id: 1, location_index: 0, priority: 10 },
      { id: 2, location_index: 0 },
    ],
  };
  const outcome = (o: { violations?: number; cost?: number; routes?: number; unassigned?: number[] }): Outcome => ({
    violations: o.violations ?? 0,
    report: {
      stats: { iterations: 0, improvements: 0, joined: 0 },
      result: {
        summary: { cost: o.cost ?? 0 },
        routes: Array.from({ length: o.routes ?? 1 }, () => ({ cost: 0, steps: [] })),
        unassigned: (o.unassigned ?? []).map((id) => ({ id, type: 'job', reason: 'capacity' })),
      },
    } as unknown as SolveReport,
  });

  it('puts violations before everything, then unassigned priority, then unassigned count, then cost', () => {
    expect(betterOutcome(request, outcome({ cost: 100 }), outcome({ cost: 1, violations: 1 }))).toBe(true);
    expect(betterOutcome(request, outcome({ cost: 100, unassigned: [2] }), outcome({ cost: 1, unassigned: [1] }))).toBe(true);
    expect(betterOutcome(request, outcome({ cost: 100 }), outcome({ cost: 1, unassigned: [2] }))).toBe(true);
    expect(betterOutcome(request, outcome({ cost: 1 }), outcome({ cost: 2 }))).toBe(true);
    expect(betterOutcome(request, outcome({ cost: 2 }), outcome({ cost: 2 }))).toBe(false);
  });

  it('counts routes before cost under the fleet-size objective only', () => {
    const fleet = { ...request, options: { objective: { custom: { type: 'min' as const, value: 'vehicles' as const } } } };
    expect(betterOutcome(fleet, outcome({ routes: 1, cost: 100 }), outcome({ routes: 2, cost: 1 }))).toBe(true);
    expect(betterOutcome(request, outcome({ routes: 1, cost: 100 }), outcome({ routes: 2, cost: 1 }))).toBe(false);
  });
});
