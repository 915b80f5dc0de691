// Properties of the per-task rules on random instances, with the independent checker as the
// oracle (it checks each rule from the request alone). Iteration caps keep runs deterministic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { generate, solveCapped, type GenOptions } from '../../unit/solver/helpers';
import { withTaskRules, type RuleFlags } from '../../unit/solver/task-rules-gen';

const base = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 3, max: 40 }),
  shipments: fc.integer({ min: 1, max: 8 }),
  vehicles: fc.integer({ min: 1, max: 6 }),
  multiWindows: fc.boolean(),
  soft: fc.boolean(),
  breaks: fc.boolean(),
});

function solvedWith(o: GenOptions, f: RuleFlags, iterations = 40) {
  const g = generate(o);
  const request = withTaskRules(g.request, f, o.seed);
  const result = solveCapped(request, g.matrices, iterations, o.seed);
  return { request, matrices: g.matrices, result };
}

function valid(f: RuleFlags, numRuns = 12, seed = 21) {
  fc.assert(
    fc.property(base, (o) => {
      const { request, matrices, result } = solvedWith(o, f);
      const v = checkSolution(request, matrices, result);
      expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
    }),
    { numRuns, seed },
  );
}

const taskSteps = (res: SolverResult) =>
  res.routes.map((r) => r.steps.filter((s) => s.type !== 'start' && s.type !== 'end' && s.type !== 'break'));
const visit = (req: SolverRequest, type: string, id: number) =>
  type === 'job'
    ? req.jobs!.find((j) => j.id === id)!
    : req.shipments!.find((s) => s[type as 'pickup' | 'delivery'].id === id)![type as 'pickup' | 'delivery'];

describe('per-task rules', () => {
  it('max_visit_lateness per visit: results pass the checker, late_by within each allowance', () => {
    valid({ lateness: true });
    fc.assert(
      fc.property(base, (o) => {
        const { request, result } = solvedWith({ ...o, soft: false }, { lateness: true });
        for (const s of taskSteps(result).flat())
          if (s.late_by) expect(s.late_by).toBeLessThanOrEqual(visit(request, s.type, s.id!).max_visit_lateness ?? 0);
      }),
      { numRuns: 10, seed: 22 },
    );
  });

  it('sequence_order: every route visits ordered tasks in non-decreasing order', () => {
    valid({ sequence: true });
    fc.assert(
      fc.property(base, (o) => {
        const { request, result } = solvedWith(o, { sequence: true });
        for (const steps of taskSteps(result)) {
          const orders = steps.map((s) => visit(request, s.type, s.id!).sequence_order).filter((x) => x !== undefined);
          expect(orders).toEqual([...orders].sort((a, b) => a - b));
        }
      }),
      { numRuns: 10, seed: 23 },
    );
  });

  it('revenue and outsourcing_cost: results pass the checker; free outsourcing serves nothing', () => {
    valid({ profit: true });
    fc.assert(
      fc.property(base, (o) => {
        const g = generate(o);
        const request = structuredClone(g.request);
        request.relations = [];
        for (const t of [...request.jobs!, ...request.shipments!]) t.outsourcing_cost = 0;
        const result = solveCapped(request, g.matrices, 30, o.seed);
        // Every route costs something, and serving earns nothing: outsourcing all is best.
        expect(result.routes).toEqual([]);
        expect(result.unassigned.filter((u) => u.reason !== 'outsourced' && u.type !== 'delivery').map((u) => u.reason)).not.toContain(
          'unprofitable',
        );
      }),
      { numRuns: 8, seed: 24 },
    );
  });

  it('load types: incompatible goods never ride together', () => valid({ cargo: true }));

  it('follow_lifo_order: a LIFO shipment leaves only after everything loaded behind it', () => valid({ lifo: true, cargo: true }));

  it('zones: tasks and vehicles meet only in a shared zone; a zone reason is true', () => {
    valid({ zones: true });
    fc.assert(
      fc.property(base, (o) => {
        const { request, result } = solvedWith(o, { zones: true });
        // A zone reason: some vehicle has the skills, but none of those shares a zone with the task.
        for (const u of result.unassigned.filter((x) => x.reason === 'zone')) {
          const t =
            u.type === 'job'
              ? request.jobs!.find((j) => j.id === u.id)!
              : request.shipments!.find((s) => s.pickup.id === u.id || s.delivery.id === u.id)!;
          const skilled = request.vehicles.filter((v) => (t.skills ?? []).every((k) => v.skills?.includes(k)));
          const tz = t.zones ?? [];
          const shares = (vz: number[]) => (tz.length === 0 && vz.length === 0) || tz.some((z) => vz.includes(z));
          expect(skilled.length).toBeGreaterThan(0);
          expect(skilled.some((v) => shares(v.zones ?? []))).toBe(false);
        }
      }),
      { numRuns: 10, seed: 25 },
    );
  });

  it('allow_early_arrival false: the same routes, and no waiting at any task', () => {
    valid({ noEarly: true });
    fc.assert(
      fc.property(base, (o) => {
        const early = solvedWith(o, {});
        const late = solvedWith(o, { noEarly: true });
        const order = (res: SolverResult) => taskSteps(res).map((steps) => steps.map((s) => `${s.type}:${s.id}`));
        expect(order(late.result)).toEqual(order(early.result));
        for (const s of taskSteps(late.result).flat()) expect(s.waiting_time).toBe(0);
      }),
      { numRuns: 8, seed: 26 },
    );
  });

  it('depots: jobs served from their depots; a depot reason is true', () => {
    valid({ depots: true });
    fc.assert(
      fc.property(base, (o) => {
        const { request, result } = solvedWith(o, { depots: true });
        for (const u of result.unassigned.filter((x) => x.reason === 'depot')) {
          const job = request.jobs!.find((j) => j.id === u.id)!;
          const at = request.depots!.filter((d) => job.depot_ids!.includes(d.id)).map((d) => d.location_index);
          expect(request.vehicles.some((v) => at.includes(v.start_index!) && (job.skills ?? []).every((k) => v.skills?.includes(k)))).toBe(
            false,
          );
        }
      }),
      { numRuns: 10, seed: 28 },
    );
  });

  it('volume: items fit their compartments as aligned, and the volume on board never exceeds it', () => {
    valid({ volume: true });
    fc.assert(
      fc.property(base, (o) => {
        const { request, result } = solvedWith(o, { volume: true });
        // Loads stay in the request's dimensions: the volume dimension is internal.
        for (const s of result.routes.flatMap((r) => r.steps)) expect(s.load).toHaveLength(2);
        expect(result.summary.delivery).toHaveLength(2);
        for (const u of result.unassigned.filter((x) => x.reason === 'volume')) {
          const t =
            u.type === 'job'
              ? request.jobs!.find((j) => j.id === u.id)!
              : request.shipments!.find((s) => s.pickup.id === u.id || s.delivery.id === u.id)!;
          expect(t.volume).toBeDefined();
        }
      }),
      { numRuns: 10, seed: 29 },
    );
  });

  it('order_grouping: each order group is one stop per route, and whole when a vehicle can take it', () => {
    valid({ grouping: true }, 15, 30);
    // Loose instances: every group fits a vehicle, so every group is served whole on one route.
    fc.assert(
      fc.property(base, (o) => {
        const { request, matrices, result } = solvedWith({ ...o, loose: true, soft: false, breaks: false }, { grouping: true });
        expect(result.unassigned).toEqual([]);
        expect(checkSolution(request, matrices, result)).toEqual([]);
      }),
      { numRuns: 8, seed: 31 },
    );
  });

  it('every rule at once passes the checker', () =>
    valid(
      {
        lateness: true,
        sequence: true,
        profit: true,
        cargo: true,
        lifo: true,
        zones: true,
        noEarly: true,
        depots: true,
        volume: true,
        grouping: true,
      },
      15,
      27,
    ));
});
