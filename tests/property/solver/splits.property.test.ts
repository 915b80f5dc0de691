// Properties of split jobs (jobs[].split) on random instances, with the independent checker as
// the oracle: a few jobs made larger than a vehicle and allowed to split (with random max_split
// and quant), among windows, breaks, shipments, skills, limits, multi-trip vehicles and per-order
// and minimum-stop-load costs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest } from '../../../shared/solver';
import { planSplits, shareOf } from '../../../shared/solver/model/splits';
import { generate, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 3, max: 14 }),
  shipments: fc.integer({ min: 0, max: 3 }),
  vehicles: fc.integer({ min: 1, max: 5 }),
  big: fc.integer({ min: 1, max: 3 }),
  factor: fc.constantFrom(1.5, 2.5, 4),
  maxSplit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  quant: fc.option(fc.constantFrom(10, 25, 34, 50), { nil: undefined }),
  pickups: fc.boolean(),
  runs: fc.constantFrom(1, 1, 3),
  breaks: fc.boolean(),
  skills: fc.boolean(),
  limits: fc.boolean(),
  stopCosts: fc.boolean(),
});

type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

function withSplits(o: Shape): { request: SolverRequest; matrices: ReturnType<typeof generate>['matrices'] } {
  const g = generate({ ...o, multiWindows: true });
  const cap = g.request.vehicles[0].capacity!;
  const jobs = g.request.jobs!.map((j, i) => {
    if (i >= o.big) return j;
    const amount = cap.map((c) => Math.round(c * o.factor));
    return {
      ...j,
      delivery: amount,
      pickup: o.pickups ? amount.map((a) => Math.floor(a / 2)) : undefined,
      split: { can_be_split: true, max_split: o.maxSplit, quant: o.quant },
    };
  });
  const depots = o.runs > 1 ? [{ id: 1, location_index: 0 }] : undefined;
  const vehicles = g.request.vehicles.map((v) => ({
    ...v,
    max_depot_runs: o.runs > 1 ? o.runs : undefined,
    // Per-order and minimum-stop-load costs read each part's own goods.
    min_stop_load: o.stopCosts ? cap.map((c) => Math.round(c / 3)) : undefined,
    costs: o.stopCosts ? { ...v.costs, per_order: 7, min_stop_load_fixed_penalty: 50 } : v.costs,
  }));
  return { request: { ...g.request, jobs, vehicles, depots }, matrices: g.matrices };
}

describe('split jobs against the checker', () => {
  it('every result is checker-clean, and a split job is served whole in parts or not at all', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const { request, matrices } = withSplits(o);
        const result = solveCapped(request, matrices, 30, o.seed);
        const v = checkSolution(request, matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        for (const job of request.jobs!.slice(0, o.big)) {
          const steps = result.routes.flatMap((r) => r.steps.filter((s) => s.type === 'job' && s.id === job.id));
          const out = result.unassigned.filter((u) => u.type === 'job' && u.id === job.id);
          expect(steps.length > 0 !== (out.length === 1)).toBe(true);
          if (o.maxSplit !== undefined) expect(steps.length).toBeLessThanOrEqual(o.maxSplit);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('parts add up to the job in every dimension', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 40 }),
        (amount, k) => {
          const shares = Array.from({ length: k }, (_, i) => shareOf(amount, i, k)!);
          amount.forEach((a, d) => {
            expect(shares.reduce((s, p) => s + p[d], 0)).toBe(a);
            const sizes = shares.map((p) => p[d]);
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });

  it('a plan never splits a job that does not ask, and keeps every other job as it was', () => {
    fc.assert(
      fc.property(shape, (o) => {
        const { request } = withSplits(o);
        const plan = planSplits(request);
        const out = plan?.request.jobs ?? request.jobs!;
        for (const j of request.jobs!.slice(o.big)) expect(out).toContainEqual(j);
      }),
      { numRuns: 100 },
    );
  });
});
