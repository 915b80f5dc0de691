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

type Solved = { request: SolverRequest; matrices: ReturnType<typeof generate>['matrices']; result: SolverResult };

function solvedWith(o: GenOptions, f: RuleFlags, iterations = 40): Solved {
  const g = generate(o);
  const request = withTaskRules(g.request, f, o.seed);
  return { request, matrices: g.matrices, result: solveCapped(request, g.matrices, iterations, o.seed) };
}

/** `check` holds on random instances with the rules of `f` (instances shaped by `shape`). */
function holds(f: RuleFlags, seed: number, check: (s: Solved, o: GenOptions) => void, shape = (o: GenOptions) => o, numRuns = 10) {
  fc.assert(
    fc.property(base, (o) => check(solvedWith(shape(o), f), o)),
    { numRuns, seed },
  );
}

const valid = (f: RuleFlags, numRuns = 12, seed = 21) =>
  holds(
    f,
    seed,
    ({ request, matrices, result }) => {
      const v = checkSolution(request, matrices, result);
      expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
    },
    undefined,
    numRuns,
  );

const taskSteps = (res: SolverResult) =>
  res.routes.map((r) => r.steps.filter((s) => s.type !== 'start' && s.type !== 'end' && s.type !== 'break'));
const visit = (req: SolverRequest, type: string, id: number) =>
  type === 'job'
    ? req.jobs!.find((j) => j.id === id)!
    : req.shipments!.find((s) => s[type as 'pickup' | 'delivery'].id === id)![type as 'pickup' | 'delivery'];
const taskOf = (req: SolverRequest, type: string, id: number) =>
  type === 'job' ? req.jobs!.find((j) => j.id === id)! : req.shipments!.find((s) => s.pickup.id === id || s.delivery.id === id)!;

const EVERY_RULE: RuleFlags = {
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
  joint: true,
  depotHours: true,
};

describe('per-task rules', () => {
  it('max_visit_lateness per visit: results pass the checker, late_by within each allowance', () => {
    valid({ lateness: true });
    holds(
      { lateness: true },
      22,
      ({ request, result }) => {
        for (const s of taskSteps(result).flat())
          if (s.late_by) expect(s.late_by).toBeLessThanOrEqual(visit(request, s.type, s.id!).max_visit_lateness ?? 0);
      },
      (o) => ({ ...o, soft: false }),
    );
  });

  it('sequence_order: every route visits ordered tasks in non-decreasing order', () => {
    valid({ sequence: true });
    holds({ sequence: true }, 23, ({ request, result }) => {
      for (const steps of taskSteps(result)) {
        const orders = steps.map((s) => visit(request, s.type, s.id!).sequence_order).filter((x) => x !== undefined);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
      }
    });
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
    holds({ zones: true }, 25, ({ request, result }) => {
      // A zone reason: some vehicle has the skills, but none of those shares a zone with the task.
      for (const u of result.unassigned.filter((x) => x.reason === 'zone')) {
        const t = taskOf(request, u.type, u.id);
        const skilled = request.vehicles.filter((v) => (t.skills ?? []).every((k) => v.skills?.includes(k)));
        const tz = t.zones ?? [];
        const shares = (vz: number[]) => (tz.length === 0 && vz.length === 0) || tz.some((z) => vz.includes(z));
        expect(skilled.length).toBeGreaterThan(0);
        expect(skilled.some((v) => shares(v.zones ?? []))).toBe(false);
      }
    });
  });

  it('allow_early_arrival false: the same routes, and no waiting at any task', () => {
    valid({ noEarly: true });
    holds({ noEarly: true }, 26, (late, o) => {
      const early = solvedWith(o, {});
      const order = (res: SolverResult) => taskSteps(res).map((steps) => steps.map((s) => `${s.type}:${s.id}`));
      expect(order(late.result)).toEqual(order(early.result));
      for (const s of taskSteps(late.result).flat()) expect(s.waiting_time).toBe(0);
    });
  });

  it('depots: jobs served from their depots; a depot reason is true', () => {
    valid({ depots: true });
    holds({ depots: true }, 28, ({ request, result }) => {
      for (const u of result.unassigned.filter((x) => x.reason === 'depot')) {
        const job = request.jobs!.find((j) => j.id === u.id)!;
        const at = request.depots!.filter((d) => job.depot_ids!.includes(d.id)).map((d) => d.location_index);
        const skilled = (v: SolverRequest['vehicles'][number]) => (job.skills ?? []).every((k) => v.skills?.includes(k));
        expect(request.vehicles.some((v) => at.includes(v.start_index!) && skilled(v))).toBe(false);
      }
    });
  });

  it('volume: items fit their compartments as aligned, and the volume on board never exceeds it', () => {
    valid({ volume: true });
    holds({ volume: true }, 29, ({ request, result }) => {
      // Loads stay in the request's dimensions: the volume dimension is internal.
      for (const s of result.routes.flatMap((r) => r.steps)) expect(s.load).toHaveLength(2);
      expect(result.summary.delivery).toHaveLength(2);
      for (const u of result.unassigned.filter((x) => x.reason === 'volume')) expect(taskOf(request, u.type, u.id).volume).toBeDefined();
    });
  });

  it('order_grouping: each order group is one stop per route, and whole when a vehicle can take it', () => {
    valid({ grouping: true }, 15, 30);
    // Loose instances: every group fits a vehicle, so every group is served whole on one route.
    holds(
      { grouping: true },
      31,
      ({ request, matrices, result }) => {
        expect(result.unassigned).toEqual([]);
        expect(checkSolution(request, matrices, result)).toEqual([]);
      },
      (o) => ({ ...o, loose: true, soft: false, breaks: false }),
      8,
    );
  });

  it('joint_order: each joint order is served whole or not at all; a joint_order reason is true', () => {
    valid({ joint: true });
    holds({ joint: true, profit: true }, 33, ({ request, result }) => {
      const served = new Set(
        taskSteps(result)
          .flat()
          .map((s) => `${s.type}:${s.id}`),
      );
      const members = new Map<number, string[]>();
      for (const j of request.jobs ?? [])
        if (j.joint_order !== undefined) members.set(j.joint_order, [...(members.get(j.joint_order) ?? []), `job:${j.id}`]);
      for (const s of request.shipments ?? [])
        if (s.joint_order !== undefined) members.set(s.joint_order, [...(members.get(s.joint_order) ?? []), `pickup:${s.pickup.id}`]);
      for (const keys of members.values()) expect(new Set(keys.map((k) => served.has(k))).size).toBe(1);
      for (const u of result.unassigned.filter((x) => x.reason === 'joint_order')) {
        const order = taskOf(request, u.type, u.id).joint_order;
        expect(order).toBeDefined();
        expect(members.get(order!)!.length).toBeGreaterThan(1);
      }
    });
  });

  it('depot service and windows: a route from a depot loads for its service within its opening windows', () => {
    valid({ depots: true, depotHours: true });
    holds({ depots: true, depotHours: true }, 34, ({ request, result }) => {
      for (const route of result.routes) {
        const start = route.steps[0];
        const depot = request.depots!.find((d) => d.location_index === start.location_index);
        if (!depot || start.type !== 'start') continue;
        expect(start.service).toBe(depot.service ?? 0);
        const vtw = request.vehicles.find((v) => v.id === route.vehicle)!.time_window ?? [0, Infinity];
        expect(start.arrival).toBeGreaterThanOrEqual(vtw[0]);
        for (const w of depot.time_windows ?? []) expect(start.arrival >= w[0] && start.arrival <= w[1]).toBe(true);
        // Nothing leaves the depot before it has loaded.
        const next = route.steps[1];
        expect(next.arrival).toBeGreaterThanOrEqual(start.arrival + start.service + next.duration);
      }
    });
  });

  it('every rule beside relations passes the checker', () => {
    const all: RuleFlags = { ...EVERY_RULE, sequence: false };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 9, max: 40 }), (seed, jobs) => {
        const g = generate({ seed, jobs, shipments: 3, vehicles: 4, relations: true, breaks: true, setup: true, skills: true });
        const request = withTaskRules(g.request, all, seed);
        // Related tasks keep what any vehicle serves: a relation no vehicle can take is a request error.
        const related = new Set(request.relations!.flatMap((r) => r.steps.map((s) => `${s.type}:${s.id}`)));
        for (const j of request.jobs!)
          if (related.has(`job:${j.id}`)) Object.assign(j, { zones: undefined, depot_ids: undefined, volume: undefined });
        for (const s of request.shipments!)
          if (related.has(`pickup:${s.pickup.id}`)) Object.assign(s, { zones: undefined, volume: undefined });
        for (const v of request.vehicles) v.zones = undefined;
        const result = solveCapped(request, g.matrices, 30, seed);
        const v = checkSolution(request, g.matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
      }),
      { numRuns: 12, seed: 32 },
    );
  });

  it('every rule at once passes the checker', () => valid(EVERY_RULE, 15, 27));
});
