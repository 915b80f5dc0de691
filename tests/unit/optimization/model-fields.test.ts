// The client's model fields at the service boundary: existing_solution_id seeds the search from
// a stored result, solver_mode sets the default time budget, and the result carries revenue and
// readable reasons.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { principal } from './principal';
import { toClientResult } from '../../../shared/optimization/client-result';
import { JOB_MAX_RECEIVE_COUNT } from '../../../shared/optimization/model';
import { optimizationRequestSchema } from '../../../shared/optimization/schemas';
import { getResult, submitProblem } from '../../../shared/optimization/service';
import { defaultSolvingSeconds, runJob, solvingBudgetMs, type WorkerDeps } from '../../../shared/optimization/worker';
import { solveWithStats, type SolverRequest } from '../../../shared/solver';
import { MemoryOptimizationJobStore } from '../../fixtures/memory/optimization-store';

const problem = (extra: Record<string, unknown> = {}) =>
  optimizationRequestSchema.parse({
    locations: { location: ['57.70,11.97', '57.71,11.96', '57.72,11.99'] },
    vehicles: [{ id: 'van', start_index: 0, end_index: 0 }],
    jobs: [
      { id: 'a', location_index: 1, revenue: 30 },
      { id: 'b', location_index: 2, outsourcing_cost: 10 },
    ],
    duration_matrix: [
      [0, 600, 900],
      [600, 0, 400],
      [900, 400, 0],
    ],
    options: { objective: { solving_time_limit: 1 } },
    ...extra,
  });

function harness() {
  const store = new MemoryOptimizationJobStore();
  const seen: SolverRequest[] = [];
  const deps: WorkerDeps = {
    store,
    enqueue: async () => undefined,
    webhooks: {
      post: async () => ({ status: 204 }),
      secretsOf: async () => ['secret'],
      enqueue: async () => undefined,
      now: () => 0,
    },
    solve: (req, matrices, opts) => {
      seen.push(req);
      return solveWithStats(req, matrices, { ...opts, maxIterations: 30 });
    },
    clock: () => Date.now(),
  };
  const run = async (body: ReturnType<typeof problem>) => {
    const { id } = await submitProblem(deps, principal, body, { selfHosts: [] });
    const info = { receiveCount: 1, maxReceiveCount: JOB_MAX_RECEIVE_COUNT, remainingMs: () => 60_000 };
    expect(await runJob({ space: principal.space, id }, info, deps)).toBe('completed');
    return { id, body: await getResult(deps, principal, id) };
  };
  return { run, seen };
}

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('existing_solution_id', () => {
  it('starts the search from the routes of a completed job of the same caller', async () => {
    const h = harness();
    const first = await h.run(
      problem({
        jobs: [
          { id: 'a', location_index: 1 },
          { id: 'b', location_index: 2 },
        ],
      }),
    );
    const { body } = await h.run(problem({ existing_solution_id: first.id }));
    const seed = h.seen[1].solution!;
    expect(seed).toHaveLength(1);
    expect(seed[0].steps.map((s) => s.type)).toEqual(['job', 'job']);
    expect(body.warnings!.filter((w) => w.startsWith('existing_solution_id'))).toEqual([]);
  });

  it('says so and starts afresh when there is no such completed job', async () => {
    const h = harness();
    const { body } = await h.run(problem({ existing_solution_id: 'nope' }));
    expect(h.seen[0].solution).toBeUndefined();
    expect(body.warnings).toContain('existing_solution_id: no completed job "nope" of this key; the search starts afresh');
  });

  it('gives way to a solution[] in the request', async () => {
    const h = harness();
    const { body } = await h.run(problem({ existing_solution_id: 'x', solution: [{ vehicle: 'van', steps: [{ type: 'job', id: 'b' }] }] }));
    expect(h.seen[0].solution).toEqual([{ vehicle: 0, steps: [{ type: 'job', id: 1 }] }]);
    expect(body.warnings).toContain('existing_solution_id: ignored, solution[] is given and wins');
  });
});

describe('solver_mode', () => {
  it('fast takes a quarter of the flexible default (at least 1 s); a given solving_time_limit wins', () => {
    expect(defaultSolvingSeconds(2000)).toBe(60);
    expect(defaultSolvingSeconds(2000, 'fast')).toBe(15);
    expect(defaultSolvingSeconds(10, 'fast')).toBe(1);
    expect(defaultSolvingSeconds(2000, 'flexible')).toBe(60);
    expect(solvingBudgetMs(undefined, 2000, 10, 900_000, 'fast').budgetMs).toBe(15_000);
    expect(solvingBudgetMs(7, 2000, 10, 900_000, 'fast').budgetMs).toBe(7_000);
  });
});

describe('result fields', () => {
  it('outsources an unprofitable task with a sentence beside the code, and reports revenue', async () => {
    const { body } = await harness().run(problem());
    const result = body.result as { summary: any; routes: any[]; unassigned: any[] };
    // Serving b adds 700 s of driving; outsourcing it costs 10.
    expect(result.unassigned).toEqual([
      expect.objectContaining({
        id: 'b',
        reason: 'outsourced',
        outsourcing_cost: 10,
        reason_description: expect.stringMatching(/outsourc/),
      }),
    ]);
    expect(result.routes[0].revenue).toBe(30);
    expect(result.summary.revenue).toBe(30);
  });

  it('names every reason code in words', () => {
    const req = problem();
    const out = toClientResult(
      {
        code: 0,
        summary: {
          cost: 0,
          routes: 0,
          unassigned: 1,
          setup: 0,
          service: 0,
          duration: 0,
          waiting_time: 0,
          priority: 0,
          distance: 0,
          delivery: [],
          pickup: [],
        },
        routes: [],
        unassigned: [{ id: 0, type: 'job', location: [57.71, 11.96], location_index: 1, reason: 'zone' }],
      },
      req,
      3,
    );
    expect(out.unassigned[0]).toMatchObject({ id: 'a', reason: 'zone', reason_description: expect.stringMatching(/zone/) });
  });
});
