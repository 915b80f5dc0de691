// Test helpers: a seeded random instance generator covering every constraint type, and a
// solve wrapper that is bounded by iterations (never by wall-clock time).
import { solve, type SolverMatrices, type SolverRequest, type SolverResult, type Window } from '../../../shared/solver';

export interface GenOptions {
  seed: number;
  jobs: number;
  shipments: number;
  vehicles: number;
  /** Ample capacity, wide windows and no limits: every task can be served. */
  loose?: boolean;
  skills?: boolean;
  multiWindows?: boolean;
  openRoutes?: boolean;
  breaks?: boolean;
  limits?: boolean;
  /** A working-time limit on each vehicle, about half its window. */
  workingTime?: boolean;
  relations?: boolean;
  soft?: boolean;
  setup?: boolean;
  costs?: boolean;
  priorities?: boolean;
  profiles?: boolean;
}

/** Small LCG of the tests' own (independent of the solver's generator). */
export function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

export function generate(o: GenOptions): { request: SolverRequest; matrices: SolverMatrices } {
  const r = lcg(o.seed * 7919 + 17);
  const nTaskLoc = o.jobs + 2 * o.shipments;
  const nLoc = 1 + nTaskLoc + 1;
  const pts = Array.from({ length: nLoc }, (_, i) => (i === 0 ? [50, 50] : [r.next() * 100, r.next() * 100]));
  const mat = (f: number) => pts.map((a) => pts.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]) * f)));
  const durations = mat(10);
  const distances = mat(15);
  const horizon = o.loose ? 1_000_000 : 2000 + 60 * nTaskLoc;
  const tw = (): Window[] => {
    if (o.loose) return [];
    const k = o.multiWindows && r.next() < 0.5 ? 2 : 1;
    const out: Window[] = [];
    let t = r.int(horizon / 2);
    for (let i = 0; i < k; i++) {
      const w = 300 + r.int(horizon / 2);
      out.push([t, t + w]);
      t += w + 200 + r.int(500);
    }
    return out;
  };
  const skillPool = [1, 2, 3];
  const pickSkills = () => (o.skills && r.next() < 0.3 ? [skillPool[r.int(3)]] : undefined);
  const jobs = Array.from({ length: o.jobs }, (_, i) => ({
    id: 100 + i,
    location_index: 1 + i,
    service: 30 + r.int(120),
    setup: o.setup && r.next() < 0.5 ? r.int(60) : undefined,
    delivery: [r.int(10), r.int(5)],
    pickup: [r.int(10), r.int(5)],
    time_windows: tw(),
    // Related tasks stay skill-free: a relation no vehicle can serve is a request error.
    skills: o.relations && i < 9 ? (pickSkills(), undefined) : pickSkills(),
    priority: o.priorities ? r.int(101) : undefined,
    metadata: { n: i },
  }));
  const shipments = Array.from({ length: o.shipments }, (_, i) => ({
    pickup: { id: 1000 + i, location_index: 1 + o.jobs + 2 * i, service: 20 + r.int(60), time_windows: tw() },
    delivery: { id: 1000 + i, location_index: 2 + o.jobs + 2 * i, service: 20 + r.int(60), time_windows: tw() },
    amount: [1 + r.int(8), r.int(4)],
    skills: o.relations && i === 0 ? (pickSkills(), undefined) : pickSkills(),
    priority: o.priorities ? r.int(101) : undefined,
    max_time_in_vehicle: o.limits && r.next() < 0.5 ? 1500 + r.int(3000) : undefined,
  }));
  const cap = o.loose ? [100000, 100000] : [40 + r.int(60), 20 + r.int(30)];
  const vehicles = Array.from({ length: o.vehicles }, (_, k) => {
    const open = o.openRoutes ? r.int(3) : 0;
    return {
      id: 1 + k,
      start_index: open === 1 ? undefined : 0,
      end_index: open === 2 ? undefined : open === 0 && r.next() < 0.2 ? nLoc - 1 : 0,
      capacity: cap,
      time_window: [0, horizon] as Window,
      skills: o.skills ? skillPool.filter(() => r.next() < 0.6) : undefined,
      max_tasks: o.limits ? 3 + r.int(12) : undefined,
      max_distance: o.limits && r.next() < 0.5 ? 20000 + r.int(20000) : undefined,
      max_travel_time: o.limits && r.next() < 0.5 ? 15000 + r.int(15000) : undefined,
      max_working_time: o.workingTime ? Math.round(horizon * (0.35 + 0.3 * r.next())) : undefined,
      breaks: o.breaks
        ? [{ id: 1 + k, time_windows: [[horizon / 4, horizon / 4 + 800 + r.int(800)]] as Window[], service: 120 }]
        : undefined,
      costs: o.costs ? { fixed: r.int(5000), per_hour: 3600, per_km: r.int(3) } : undefined,
      profile: o.profiles && k % 2 === 1 ? 'truck' : undefined,
    };
  });
  const relations: SolverRequest['relations'] = [];
  if (o.relations && o.jobs >= 6) {
    relations.push({
      type: 'in_same_route',
      steps: [
        { type: 'job', id: 100 },
        { type: 'job', id: 101 },
      ],
    });
    relations.push({
      type: 'in_sequence',
      steps: [
        { type: 'job', id: 102 },
        { type: 'job', id: 103 },
      ],
    });
    relations.push({
      type: 'in_direct_sequence',
      steps: [
        { type: 'job', id: 104 },
        { type: 'job', id: 105 },
      ],
    });
    if (o.jobs >= 8)
      relations.push({
        type: 'precedence',
        steps: [
          { type: 'job', id: 106 },
          { type: 'job', id: 107 },
        ],
        min_duration: 0,
        max_duration: 5000,
      });
    if (o.jobs >= 9) relations.push({ type: 'pinned', steps: [{ type: 'job', id: 108 }], vehicle: 1 });
    if (o.shipments >= 1)
      relations.push({
        type: 'in_same_route',
        steps: [
          { type: 'pickup', id: 1000 },
          { type: 'delivery', id: 1000 },
          { type: 'job', id: 100 },
        ],
      });
  }
  const request: SolverRequest = {
    locations: pts.map((p) => [p[1] / 1000, p[0] / 1000]),
    vehicles,
    jobs,
    shipments,
    relations,
    options: {
      objective: { travel_cost: 'duration' },
      constraint: o.soft
        ? { max_visit_lateness: 600, visit_lateness_penalty: 2, max_vehicle_overtime: 900, vehicle_overtime_penalty: 3 }
        : o.relations
          ? { max_activity_waiting_time: 100000 }
          : undefined,
    },
  };
  const matrices: SolverMatrices = { car: { durations, distances } };
  if (o.profiles) matrices.truck = { durations: durations.map((row) => row.map((x) => Math.round(x * 1.3))), distances };
  return { request, matrices };
}

/** The request under the fleet-size objective (custom: min vehicles), its other options kept. */
export function withFleetObjective(request: SolverRequest): SolverRequest {
  return {
    ...request,
    options: { ...request.options, objective: { ...request.options?.objective, custom: { type: 'min', value: 'vehicles' } } },
  };
}

export function solveCapped(request: SolverRequest, matrices: SolverMatrices, iterations = 200, seed = 1): SolverResult {
  return solve(request, matrices, { deadlineMs: Number.POSITIVE_INFINITY, clock: () => 0, seed, maxIterations: iterations });
}
