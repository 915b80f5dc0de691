// Golden cases: small hand-made problems whose right answer is known, each checked both for
// that answer and by the independent checker.
import { describe, expect, it } from 'vitest';
import {
  checkSolution,
  solve,
  SolverError,
  type SolverJob,
  type SolverMatrices,
  type SolverRequest,
  type SolverResult,
  type SolverVehicle,
} from '../../../shared/solver';
import { solveCapped } from './helpers';

/** Locations on a line, 1 km and 100 s apart. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  return {
    locations: idx.map((i) => [0, i / 100]),
    matrices: {
      car: {
        durations: idx.map((i) => idx.map((j) => 100 * Math.abs(i - j))),
        distances: idx.map((i) => idx.map((j) => 1000 * Math.abs(i - j))),
      },
    },
  };
}

function run(req: Omit<SolverRequest, 'locations'>, n = 8, iterations = 100): { res: SolverResult; request: SolverRequest } {
  const { locations, matrices } = line(n);
  const request = { ...req, locations };
  const res = solveCapped(request, matrices, iterations);
  expect(checkSolution(request, matrices, res)).toEqual([]);
  return { res, request };
}

const veh = (id: number, extra: Partial<SolverVehicle> = {}): SolverVehicle => ({ id, start_index: 0, end_index: 0, ...extra });
const job = (id: number, loc: number, extra: Partial<SolverJob> = {}): SolverJob => ({ id, location_index: loc, service: 10, ...extra });
const ids = (res: SolverResult, vehicle: number) =>
  res.routes
    .find((r) => r.vehicle === vehicle)
    ?.steps.filter((s) => s.type !== 'start' && s.type !== 'end' && s.type !== 'break')
    .map((s) => s.id) ?? [];
const reasonOf = (res: SolverResult, id: number) => res.unassigned.find((u) => u.id === id)?.reason;

describe('golden: skills', () => {
  it('serves a task only with a vehicle holding all its skills; a skill-less vehicle serves skill-less tasks', () => {
    const { res } = run({
      vehicles: [veh(1, { skills: [1, 3] }), veh(2)],
      jobs: [job(10, 3, { skills: [1, 3] }), job(11, 4, { skills: [2] }), job(12, 5), job(13, 2, { skills: [1, 2] })],
    });
    expect(ids(res, 1)).toContain(10);
    expect(ids(res, 2)).not.toContain(10);
    expect(reasonOf(res, 11)).toBe('skills');
    expect(reasonOf(res, 13)).toBe('skills');
    expect([...ids(res, 1), ...ids(res, 2)]).toContain(12);
  });
});

describe('golden: multi-dimensional capacity', () => {
  it('respects every dimension, deliveries loaded at the start and pickups carried to the end', () => {
    const { res } = run({
      vehicles: [veh(1, { capacity: [100, 2] }), veh(2, { capacity: [100, 2] })],
      jobs: [
        job(1, 1, { delivery: [5, 1] }),
        job(2, 2, { delivery: [5, 1] }),
        job(3, 3, { pickup: [5, 1] }),
        job(4, 4, { delivery: [1, 1] }),
      ],
    });
    expect(res.unassigned).toEqual([]);
    for (const r of res.routes) for (const s of r.steps) expect(s.load[1]).toBeLessThanOrEqual(2);
    const start = res.routes.map((r) => r.steps[0].load);
    expect(start.reduce((a, l) => a + l[0], 0)).toBe(11);
  });

  it('leaves a task unassigned with reason capacity when no vehicle can carry it', () => {
    const { res } = run({
      vehicles: [veh(1, { capacity: [10, 1] })],
      jobs: [job(1, 1, { delivery: [5, 2] }), job(2, 2, { delivery: [5, 1] })],
    });
    expect(reasonOf(res, 1)).toBe('capacity');
    expect(ids(res, 1)).toEqual([2]);
  });
});

describe('golden: open routes', () => {
  it('omits the return leg without an end and the approach without a start', () => {
    const { res } = run({
      vehicles: [
        { id: 1, start_index: 0 },
        { id: 2, end_index: 7 },
      ],
      jobs: [job(1, 1), job(2, 2), job(3, 6)],
    });
    const stepTypes = (vehicle: number) => res.routes.find((r) => r.vehicle === vehicle)?.steps.map((s) => s.type);
    expect(res.unassigned).toEqual([]);
    // Best: vehicle 1 serves 1,2 (200 s, no return); vehicle 2 serves 6 then ends at 7 (100 s).
    expect(stepTypes(1)).toEqual(['start', 'job', 'job']);
    expect(stepTypes(2)).toEqual(['job', 'end']);
    expect(ids(res, 1)).toEqual([1, 2]);
    expect(ids(res, 2)).toEqual([3]);
    expect(res.summary.cost).toBe(300);
  });
});

describe('golden: breaks', () => {
  it('schedules each break inside one of its windows', () => {
    const { res } = run({
      vehicles: [veh(1, { time_window: [0, 5000], breaks: [{ id: 9, time_windows: [[250, 320]], service: 60 }] })],
      jobs: [job(1, 1), job(2, 2), job(3, 3), job(4, 4)],
    });
    const br = res.routes[0].steps.filter((s) => s.type === 'break');
    expect(br).toHaveLength(1);
    const start = br[0].arrival + br[0].waiting_time;
    expect(start).toBeGreaterThanOrEqual(250);
    expect(start).toBeLessThanOrEqual(320);
  });

  it('leaves tasks out when the break cannot be taken with them', () => {
    const { res } = run({
      vehicles: [veh(1, { time_window: [100, 1000], breaks: [{ id: 9, time_windows: [[0, 50]], service: 20 }] })],
      jobs: [job(1, 1)],
    });
    expect(res.routes).toEqual([]);
    expect(reasonOf(res, 1)).toBe('break');
  });
});

describe('golden: priorities', () => {
  it('assigns the higher total priority first, then minimises cost', () => {
    const { res } = run({
      vehicles: [veh(1, { max_tasks: 2 })],
      jobs: [job(1, 1, { priority: 10 }), job(2, 7, { priority: 90 }), job(3, 6, { priority: 50 }), job(4, 2, { priority: 0 })],
    });
    expect(new Set(ids(res, 1))).toEqual(new Set([2, 3]));
    expect(res.summary.priority).toBe(140);
    expect(reasonOf(res, 1)).toBe('max_tasks');
  });
});

describe('golden: unassigned reasons', () => {
  it('time window', () => {
    const { res } = run({ vehicles: [veh(1)], jobs: [job(1, 5, { time_windows: [[0, 100]] })] });
    expect(reasonOf(res, 1)).toBe('time_window');
  });
  it('max_distance', () => {
    const { res } = run({ vehicles: [veh(1, { max_distance: 5000 })], jobs: [job(1, 2), job(2, 5)] });
    expect(ids(res, 1)).toEqual([1]);
    expect(reasonOf(res, 2)).toBe('max_distance');
  });
  it('max_travel_time', () => {
    const { res } = run({ vehicles: [veh(1, { max_travel_time: 500 })], jobs: [job(1, 2), job(2, 5)] });
    expect(reasonOf(res, 2)).toBe('max_travel_time');
  });
  it('max_tasks', () => {
    const { res } = run({ vehicles: [veh(1, { max_tasks: 1 })], jobs: [job(1, 2), job(2, 3)] });
    expect(res.unassigned.map((u) => u.reason)).toEqual(['max_tasks']);
  });
  it('relation (pinned to a vehicle that cannot serve it)', () => {
    const { res } = run({
      vehicles: [veh(1, { capacity: [1] }), veh(2, { capacity: [10] })],
      jobs: [job(1, 2, { delivery: [5] })],
      relations: [{ type: 'pinned', steps: [{ type: 'job', id: 1 }], vehicle: 1 }],
    });
    expect(reasonOf(res, 1)).toBe('capacity');
    const r2 = run({
      vehicles: [veh(1, { skills: [] }), veh(2, { skills: [4] })],
      jobs: [job(1, 2, { skills: [4] })],
      relations: [{ type: 'pinned', steps: [{ type: 'job', id: 1 }], vehicle: 1 }],
    }).res;
    expect(reasonOf(r2, 1)).toBe('relation');
  });
});

describe('golden: relations', () => {
  it('in_direct_sequence, in_sequence with start, precedence and pinned', () => {
    const { res } = run({
      vehicles: [veh(1), veh(2)],
      jobs: [job(1, 1), job(2, 2), job(3, 3), job(4, 4), job(5, 5), job(6, 6)],
      relations: [
        {
          type: 'in_direct_sequence',
          steps: [
            { type: 'job', id: 5 },
            { type: 'job', id: 2 },
          ],
        },
        { type: 'in_sequence', steps: [{ type: 'start' }, { type: 'job', id: 6 }, { type: 'job', id: 1 }] },
        {
          type: 'precedence',
          steps: [
            { type: 'job', id: 3 },
            { type: 'job', id: 4 },
          ],
          min_duration: 500,
        },
        { type: 'pinned', steps: [{ type: 'job', id: 4 }], vehicle: 2 },
      ],
    });
    expect(res.unassigned).toEqual([]);
    const all = res.routes.map((r) => ids(res, r.vehicle));
    const withFive = all.find((s) => s.includes(5))!;
    expect(withFive.indexOf(2)).toBe(withFive.indexOf(5) + 1);
    const withSix = all.find((s) => s.includes(6))!;
    expect(withSix.indexOf(6)).toBeLessThan(withSix.indexOf(1));
    expect(ids(res, 2)).toContain(4);
    expect(ids(res, 2)).toContain(3);
    const steps = res.routes.find((r) => r.vehicle === 2)!.steps;
    const st = (id: number) => {
      const s = steps.find((x) => x.id === id)!;
      return s.arrival + s.waiting_time;
    };
    expect(st(4) - st(3)).toBeGreaterThanOrEqual(500);
  });

  it('in_same_route keeps a shipment and a job together, and may break their windows', () => {
    const { res } = run({
      vehicles: [veh(1), veh(2)],
      jobs: [job(1, 6, { time_windows: [[0, 10]] }), job(2, 1)],
      shipments: [{ pickup: { id: 7, location_index: 2 }, delivery: { id: 7, location_index: 5 }, amount: [1] }],
      relations: [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'pickup', id: 7 },
            { type: 'delivery', id: 7 },
          ],
        },
      ],
    });
    expect(res.unassigned).toEqual([]);
    const r = res.routes.find((x) => ids(res, x.vehicle).includes(1))!;
    expect(ids(res, r.vehicle)).toEqual(expect.arrayContaining([1, 7]));
  });

  it('rejects a relation whose steps no single vehicle can serve together (spec rule 4)', () => {
    const { locations, matrices } = line(4);
    const req: SolverRequest = {
      locations,
      vehicles: [veh(1, { skills: [1] }), veh(2, { skills: [2] })],
      jobs: [job(1, 1, { skills: [1] }), job(2, 2, { skills: [2] })],
      relations: [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ],
    };
    expect(() => solveCapped(req, matrices, 1)).toThrow(SolverError);
  });

  it('rejects a relation that names only one half of a shipment', () => {
    const { locations, matrices } = line(4);
    const req: SolverRequest = {
      locations,
      vehicles: [veh(1)],
      shipments: [{ pickup: { id: 7, location_index: 2 }, delivery: { id: 7, location_index: 3 } }],
      relations: [{ type: 'in_same_route', steps: [{ type: 'pickup', id: 7 }] }],
    };
    expect(() => solveCapped(req, matrices, 1)).toThrow(SolverError);
  });
});

describe('golden: shipments and soft constraints', () => {
  it('picks up before delivering within max_time_in_vehicle', () => {
    const { res } = run({
      vehicles: [veh(1, { capacity: [1] })],
      shipments: [
        { pickup: { id: 1, location_index: 5 }, delivery: { id: 1, location_index: 1 }, amount: [1], max_time_in_vehicle: 450 },
        { pickup: { id: 2, location_index: 2 }, delivery: { id: 2, location_index: 6 }, amount: [1] },
      ],
    });
    expect(res.unassigned).toEqual([]);
    const order = res.routes[0].steps.filter((s) => s.id !== undefined).map((s) => `${s.type}${s.id}`);
    expect(order.indexOf('pickup1')).toBe(order.indexOf('delivery1') - 1);
  });

  it('reports visit lateness within max_visit_lateness and charges it', () => {
    const { res } = run({
      vehicles: [veh(1)],
      jobs: [job(1, 5, { time_windows: [[0, 400]] })],
      options: { constraint: { max_visit_lateness: 200, visit_lateness_penalty: 3 } },
    });
    expect(res.unassigned).toEqual([]);
    expect(res.summary.lateness).toBe(100);
    expect(res.summary.cost).toBe(1000 + 300);
  });
});

describe('golden: re-optimization and time budget', () => {
  it('starts from a given solution', () => {
    const { locations, matrices } = line(8);
    const request: SolverRequest = {
      locations,
      vehicles: [veh(1), veh(2)],
      jobs: [job(1, 1), job(2, 2), job(3, 3)],
      solution: [
        {
          vehicle: 2,
          steps: [
            { type: 'job', id: 3 },
            { type: 'job', id: 1 },
            { type: 'job', id: 2 },
          ],
        },
      ],
    };
    // Without search iterations only the final local search runs: it keeps the seeded route's
    // vehicle (a fresh construction would take vehicle 1) and may only reorder it.
    const res = solveCapped(request, matrices, 0);
    expect([...ids(res, 2)].sort()).toEqual([1, 2, 3]);
    expect(ids(res, 1)).toEqual([]);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    const better = solveCapped(request, matrices, 50);
    expect(better.summary.cost).toBe(600);
  });

  it('stops at the deadline of the injected clock and returns a feasible solution', () => {
    const { locations, matrices } = line(8);
    let now = 0;
    const request: SolverRequest = { locations, vehicles: [veh(1), veh(2)], jobs: [1, 2, 3, 4, 5, 6, 7].map((i) => job(i, i)) };
    const res = solve(request, matrices, { deadlineMs: 50, clock: () => now++, seed: 3 });
    expect(now).toBeLessThan(200);
    expect(res.unassigned).toEqual([]);
    expect(checkSolution(request, matrices, res)).toEqual([]);
  });

  it('min vehicles objective uses the fewest routes', () => {
    const { res } = run({
      vehicles: [veh(1, { end_index: 7 }), veh(2), veh(3)],
      jobs: [job(1, 1), job(2, 4), job(3, 7)],
      options: { objective: { custom: { type: 'min', value: 'vehicles' } } },
    });
    expect(res.routes).toHaveLength(1);
  });
});
