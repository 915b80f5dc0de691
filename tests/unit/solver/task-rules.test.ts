// One small instance per rule: the solver honours it, and the checker catches a result that
// breaks it (so the property tests' oracle can fail).
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { generate, solveCapped } from './helpers';

/** Locations 0..n-1 on a line, 100 s apart. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const m = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => 100 * Math.abs(i - j)));
  return { locations: Array.from({ length: n }, (_, i) => [57 + i / 100, 11]), matrices: { car: { durations: m, distances: m } } };
}

const { locations, matrices } = line(6);
const vehicle = (id: number, extra: Partial<SolverRequest['vehicles'][number]> = {}) => ({ id, start_index: 0, end_index: 0, ...extra });
const rules = (req: SolverRequest, res: SolverResult) => checkSolution(req, matrices, res).map((v) => v.rule);
const order = (res: SolverResult, vehicleId: number) =>
  res.routes
    .find((r) => r.vehicle === vehicleId)!
    .steps.filter((s) => s.id !== undefined && s.type !== 'break')
    .map((s) => `${s.type}:${s.id}`);
const clone = (res: SolverResult): SolverResult => structuredClone(res);

describe('max_visit_lateness per visit', () => {
  const req = (own?: number): SolverRequest => ({
    locations,
    vehicles: [vehicle(1)],
    jobs: [{ id: 1, location_index: 3, time_windows: [[0, 200]], max_visit_lateness: own }],
    options: { constraint: { max_visit_lateness: 50 } },
  });

  it('lets a visit be as late as its own allowance, at the lateness penalty', () => {
    const r = solveCapped(req(150), matrices, 20);
    expect(r.unassigned).toEqual([]);
    expect(r.routes[0].steps[1].late_by).toBe(100);
    expect(rules(req(150), r)).toEqual([]);
  });

  it('replaces the global allowance, also when smaller', () => {
    expect(solveCapped(req(0), matrices, 20).unassigned[0].reason).toBe('time_window');
    expect(solveCapped(req(undefined), matrices, 20).unassigned[0].reason).toBe('time_window');
  });

  it('is checked: a result late beyond the allowance is flagged', () => {
    const r = solveCapped(req(150), matrices, 20);
    expect(rules(req(99), r)).toContain('time_window');
  });
});

describe('sequence_order', () => {
  // Cheapest is 1,2,3 along the line; the orders ask for 3 before 1.
  const req: SolverRequest = {
    locations,
    vehicles: [vehicle(1)],
    jobs: [
      { id: 1, location_index: 1, sequence_order: 2 },
      { id: 2, location_index: 2 },
      { id: 3, location_index: 3, sequence_order: 1 },
    ],
  };

  it('serves the ordered visits in their order', () => {
    const r = solveCapped(req, matrices, 30);
    const seq = order(r, 1);
    expect(seq.indexOf('job:3')).toBeLessThan(seq.indexOf('job:1'));
    expect(rules(req, r)).toEqual([]);
  });

  it('fits every task of a long ordered route onto one vehicle', () => {
    // Orders cycle through 0..12 over 60 jobs: most cheap positions break an order.
    const g = generate({ seed: 1, jobs: 60, shipments: 5, vehicles: 1, loose: true });
    g.request.jobs!.forEach((j, k) => (j.sequence_order = (k * 7) % 13));
    g.request.shipments!.forEach((s, k) => ((s.pickup.sequence_order = k), (s.delivery.sequence_order = k + 6)));
    const r = solveCapped(g.request, g.matrices, 60);
    expect(r.unassigned).toEqual([]);
    expect(checkSolution(g.request, g.matrices, r)).toEqual([]);
  });

  it('is checked: swapped visits are flagged', () => {
    // An open route: along the line 1,2,3 is then the one cheapest order (a round trip has several).
    const relaxed = {
      ...req,
      vehicles: [vehicle(1, { end_index: undefined })],
      jobs: req.jobs!.map((j) => ({ ...j, sequence_order: undefined })),
    };
    const free = solveCapped(relaxed, matrices, 30);
    expect(order(free, 1)).toEqual(['job:1', 'job:2', 'job:3']);
    expect(rules(req, free)).toContain('sequence_order');
  });
});

describe('revenue and outsourcing_cost', () => {
  const req = (outsourcing: number, revenue?: number): SolverRequest => ({
    locations,
    vehicles: [vehicle(1)],
    jobs: [
      { id: 1, location_index: 1, revenue: 40 },
      // Serving job 2 adds 800 s of driving (0 -> 5 -> 0 instead of 0 -> 1 -> 0).
      { id: 2, location_index: 5, outsourcing_cost: outsourcing, revenue },
    ],
  });

  it('outsources a task whose outsourcing cost is below what serving it costs', () => {
    const r = solveCapped(req(500), matrices, 30);
    expect(r.unassigned).toEqual([expect.objectContaining({ id: 2, reason: 'outsourced' })]);
    expect(rules(req(500), r)).toEqual([]);
  });

  it('serves it when outsourcing, or outsourcing plus its revenue, costs more', () => {
    expect(solveCapped(req(900), matrices, 30).unassigned).toEqual([]);
    expect(solveCapped(req(500, 400), matrices, 30).unassigned).toEqual([]);
  });

  it('reports revenue per route and in the summary, and the checker recomputes it', () => {
    const r = solveCapped(req(900, 7), matrices, 30);
    expect(r.routes[0].revenue).toBe(47);
    expect(r.summary.revenue).toBe(47);
    const wrong = clone(r);
    wrong.routes[0].revenue = 40;
    expect(rules(req(900, 7), wrong)).toContain('revenue');
  });

  it('is checked: an outsourced reason on a task without an outsourcing cost is flagged', () => {
    const r = clone(solveCapped(req(500), matrices, 30));
    expect(rules({ ...req(500), jobs: req(500).jobs!.map((j) => ({ ...j, outsourcing_cost: undefined })) }, r)).toContain('unassigned');
  });
});

describe('load types', () => {
  const req = (vehicles: number): SolverRequest => ({
    locations,
    vehicles: Array.from({ length: vehicles }, (_, k) => vehicle(k + 1)),
    jobs: [
      { id: 1, location_index: 1, load_types: ['food'] },
      { id: 2, location_index: 2, incompatible_load_types: ['food'] },
      { id: 3, location_index: 3, load_types: ['paper'] },
    ],
  });

  it('never puts incompatible jobs on one vehicle', () => {
    const r = solveCapped(req(2), matrices, 30);
    expect(r.unassigned).toEqual([]);
    expect(r.routes).toHaveLength(2);
    expect(rules(req(2), r)).toEqual([]);
  });

  it('leaves one out with reason load_type when one vehicle must carry both', () => {
    const r = solveCapped(req(1), matrices, 30);
    expect(r.unassigned.map((u) => u.reason)).toEqual(['load_type']);
  });

  it('lets shipments that are never on board together share a route', () => {
    const ships: SolverRequest = {
      locations,
      vehicles: [vehicle(1)],
      shipments: [
        { pickup: { id: 1, location_index: 1 }, delivery: { id: 1, location_index: 2 }, load_types: ['food'] },
        { pickup: { id: 2, location_index: 3 }, delivery: { id: 2, location_index: 4 }, incompatible_load_types: ['food'] },
      ],
    };
    const r = solveCapped(ships, matrices, 30);
    expect(r.unassigned).toEqual([]);
    expect(order(r, 1)).toEqual(['pickup:1', 'delivery:1', 'pickup:2', 'delivery:2']);
    expect(rules(ships, r)).toEqual([]);
  });

  it('is checked: incompatible jobs on one route are flagged', () => {
    const r = solveCapped({ ...req(1), jobs: req(1).jobs!.map((j) => ({ ...j, incompatible_load_types: undefined })) }, matrices, 30);
    expect(rules(req(1), r)).toContain('load_type');
  });
});

describe('follow_lifo_order', () => {
  // Pickups at 1 and 2, deliveries at 4 and 5: the cheapest order delivers shipment 1 first.
  const req = (lifo: boolean): SolverRequest => ({
    locations,
    vehicles: [vehicle(1, { end_index: undefined })],
    shipments: [
      { pickup: { id: 1, location_index: 1 }, delivery: { id: 1, location_index: 4 }, follow_lifo_order: lifo },
      { pickup: { id: 2, location_index: 2 }, delivery: { id: 2, location_index: 5 } },
    ],
  });

  it('delivers a LIFO shipment only after what was loaded behind it', () => {
    const r = solveCapped(req(true), matrices, 40);
    expect(r.unassigned).toEqual([]);
    // 0-1-2-5-4 (600 s) rather than the cheaper first-in, first-out 0-1-2-4-5 (500 s).
    expect(order(r, 1)).toEqual(['pickup:1', 'pickup:2', 'delivery:2', 'delivery:1']);
    expect(rules(req(true), r)).toEqual([]);
  });

  it('is checked: first-in, first-out deliveries of a LIFO shipment are flagged', () => {
    const free = solveCapped(req(false), matrices, 40);
    expect(order(free, 1)).toEqual(['pickup:1', 'pickup:2', 'delivery:1', 'delivery:2']);
    expect(rules(req(true), free)).toContain('lifo');
  });
});

describe('zones', () => {
  const req = (jobZones: number[]): SolverRequest => ({
    locations,
    vehicles: [vehicle(1, { zones: [2] }), vehicle(2, { zones: [1, 3] }), vehicle(3)],
    jobs: [
      { id: 1, location_index: 1, zones: jobZones },
      { id: 2, location_index: 2 },
    ],
  });

  it('gives a zoned task to a vehicle sharing its zone, and an unzoned task to an unzoned vehicle', () => {
    const r = solveCapped(req([1]), matrices, 30);
    expect(r.unassigned).toEqual([]);
    expect(order(r, 2)).toEqual(['job:1']);
    expect(order(r, 3)).toEqual(['job:2']);
    expect(rules(req([1]), r)).toEqual([]);
  });

  it('leaves a task no vehicle shares a zone with unassigned, reason zone', () => {
    const r = solveCapped(req([4]), matrices, 30);
    expect(r.unassigned).toEqual([expect.objectContaining({ id: 1, reason: 'zone' })]);
  });

  it('is checked: a task on a vehicle of another zone is flagged', () => {
    const r = solveCapped(req([1]), matrices, 30);
    expect(rules(req([2]), r)).toContain('zone');
  });
});

describe('allow_early_arrival false', () => {
  const req = (early: boolean): SolverRequest => ({
    locations,
    vehicles: [vehicle(1)],
    jobs: [{ id: 1, location_index: 2, time_windows: [[1000, 2000]] }],
    options: { objective: { allow_early_arrival: early } },
  });

  it('arrives as the window opens instead of waiting there', () => {
    const early = solveCapped(req(true), matrices, 10).routes[0].steps[1];
    expect(early).toMatchObject({ arrival: 200, waiting_time: 800 });
    const r = solveCapped(req(false), matrices, 10);
    expect(r.routes[0].steps[1]).toMatchObject({ arrival: 1000, waiting_time: 0 });
    expect(rules(req(false), r)).toEqual([]);
  });

  it('is checked: waiting at a task is flagged', () => {
    expect(rules(req(false), solveCapped(req(true), matrices, 10))).toContain('early_arrival');
  });
});

describe('depots', () => {
  // Depot A at 0, depot B at 5; vehicle 1 starts at A, vehicle 2 at B.
  const req = (depotIds: number[], minimise = false): SolverRequest => ({
    locations,
    depots: [
      { id: 0, location_index: 0 },
      { id: 1, location_index: 5 },
    ],
    vehicles: [vehicle(1), { id: 2, start_index: 5, end_index: 5 }],
    jobs: [
      { id: 1, location_index: 1, depot_ids: depotIds },
      { id: 2, location_index: 4 },
    ],
    options: { objective: { minimise_num_depots: minimise } },
  });

  it('serves a job from one of its depots and names the depot on the start step', () => {
    const r = solveCapped(req([1]), matrices, 30);
    expect(order(r, 2)).toContain('job:1');
    expect(r.routes.find((x) => x.vehicle === 2)!.steps[0]).toMatchObject({ type: 'start', depot: 1 });
    expect(rules(req([1]), r)).toEqual([]);
  });

  it('leaves a job whose depots no vehicle starts at unassigned, reason depot', () => {
    const r = solveCapped({ ...req([0]), vehicles: [{ id: 2, start_index: 5, end_index: 5 }] }, matrices, 30);
    expect(r.unassigned).toEqual([expect.objectContaining({ id: 1, reason: 'depot' })]);
  });

  it('minimise_num_depots serves everything from one depot when it can', () => {
    expect(solveCapped(req([]), matrices, 60).routes).toHaveLength(2);
    const r = solveCapped(req([], true), matrices, 60);
    expect(r.routes).toHaveLength(1);
    expect(r.unassigned).toEqual([]);
  });

  it('is checked: a job served away from its depots, or a wrong depot on a step, is flagged', () => {
    const r = solveCapped(req([1]), matrices, 30);
    expect(rules(req([0]), r)).toContain('depot');
    const wrong = clone(r);
    wrong.routes[0].steps[0].depot = 7;
    expect(rules(req([1]), wrong)).toContain('depot');
  });
});

describe('depot service and opening windows', () => {
  // The vehicle may leave from 0; its depot opens at 500 and loads for 300 s.
  const req = (windows: [number, number][] = [[500, 2000]]): SolverRequest => ({
    locations,
    depots: [{ id: 0, location_index: 0, service: 300, time_windows: windows }],
    vehicles: [vehicle(1, { time_window: [0, 100_000] })],
    jobs: [{ id: 1, location_index: 2 }],
  });

  it('starts the route when the depot opens and leaves once loaded', () => {
    const r = solveCapped(req(), matrices, 20);
    const [start, job] = r.routes[0].steps;
    expect(start).toMatchObject({ type: 'start', arrival: 500, service: 300, depot: 0 });
    expect(job.arrival).toBe(500 + 300 + 200);
    expect(r.routes[0].service).toBe(300);
    expect(rules(req(), r)).toEqual([]);
  });

  it('serves nothing from a depot whose windows have all closed before the vehicle may leave', () => {
    const r = solveCapped({ ...req([[0, 100]]), vehicles: [vehicle(1, { time_window: [200, 100_000] })] }, matrices, 20);
    expect(r.routes).toEqual([]);
    expect(r.unassigned[0].reason).toBe('time_window');
  });

  it('is checked: a start outside the windows, or without the loading time, is flagged', () => {
    const r = solveCapped(req(), matrices, 20);
    const early = clone(r);
    early.routes[0].steps[0].arrival = 0;
    expect(rules(req(), early)).toContain('depot');
    const unloaded = clone(r);
    unloaded.routes[0].steps[0].service = 0;
    expect(rules(req(), unloaded)).toContain('depot');
  });
});

describe('joint_order', () => {
  // Jobs 1 and 2 share a joint order; job 2's window closes before any vehicle can get there.
  const req = (closed: boolean): SolverRequest => ({
    locations,
    vehicles: [vehicle(1), vehicle(2)],
    jobs: [
      { id: 1, location_index: 1, joint_order: 7 },
      { id: 2, location_index: 4, joint_order: 7, time_windows: closed ? [[0, 10]] : undefined },
      { id: 3, location_index: 2 },
    ],
  });

  it('serves the tasks of a joint order on any routes when all fit', () => {
    const r = solveCapped(req(false), matrices, 20);
    expect(r.unassigned).toEqual([]);
    expect(rules(req(false), r)).toEqual([]);
  });

  it('leaves every task of a joint order unassigned when one cannot be served', () => {
    const r = solveCapped(req(true), matrices, 20);
    expect(r.unassigned.map((u) => [u.id, u.reason])).toEqual([
      [1, 'joint_order'],
      [2, 'time_window'],
    ]);
    expect(order(r, r.routes[0].vehicle)).toEqual(['job:3']);
    expect(rules(req(true), r)).toEqual([]);
  });

  it('is checked: a joint order served in part is flagged', () => {
    const r = solveCapped(req(false), matrices, 20);
    const partial = clone(r);
    for (const route of partial.routes) route.steps = route.steps.filter((s) => !(s.type === 'job' && s.id === 2));
    partial.unassigned.push({ id: 2, type: 'job', location: locations[4], location_index: 4, reason: 'time_window' });
    expect(rules(req(false), partial)).toContain('joint_order');
  });
});

describe('relation groups no vehicle can take', () => {
  it('say when zones closed every vehicle to them', () => {
    const req: SolverRequest = {
      locations,
      vehicles: [vehicle(1, { zones: [1] }), vehicle(2, { zones: [2] })],
      jobs: [
        { id: 1, location_index: 1, zones: [1] },
        { id: 2, location_index: 2, zones: [2] },
      ],
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
    expect(() => solveCapped(req, matrices, 5)).toThrow(/no vehicle has the skills and zones for the related tasks 1, 2/);
    const depots: SolverRequest = {
      ...req,
      vehicles: [vehicle(1), { id: 2, start_index: 5, end_index: 5 }],
      depots: [
        { id: 0, location_index: 0 },
        { id: 1, location_index: 5 },
      ],
      jobs: [
        { id: 1, location_index: 1, depot_ids: [0] },
        { id: 2, location_index: 2, depot_ids: [1] },
      ],
    };
    expect(() => solveCapped(depots, matrices, 5)).toThrow(/skills, zones and a start at one of the depots for the related tasks 1, 2/);
  });
});

describe('volume', () => {
  // A 100 x 200 x 300 compartment (6 000 000): width 100, height 200, depth 300.
  const box = { width: 100, height: 200, depth: 300 };
  const req = (alignment: string | undefined, extra: SolverRequest['jobs'] = []): SolverRequest => ({
    locations,
    vehicles: [vehicle(1, { volume: box, capacity: [10] })],
    // 150 wide, 200 high, 90 deep: too wide as given, fits turned on the floor.
    jobs: [{ id: 1, location_index: 1, delivery: [1], volume: { width: 150, height: 200, depth: 90, alignment } }, ...extra],
  });

  it('fits an item only in the orientations its alignment allows', () => {
    expect(solveCapped(req('strict'), matrices, 10).unassigned).toEqual([expect.objectContaining({ id: 1, reason: 'volume' })]);
    for (const alignment of ['parallel', 'fixed_bottom', undefined])
      expect(solveCapped(req(alignment), matrices, 10).unassigned).toEqual([]);
    // Lying down (height along the width) only when any orientation is allowed.
    const tall = (alignment?: string): SolverRequest => ({
      ...req(alignment),
      jobs: [{ id: 1, location_index: 1, volume: { width: 50, height: 290, depth: 100, alignment } }],
    });
    expect(solveCapped(tall('parallel'), matrices, 10).unassigned).toHaveLength(1);
    expect(solveCapped(tall(), matrices, 10).unassigned).toEqual([]);
  });

  it('counts the volume on board as a capacity, and reports loads in the request dimensions only', () => {
    // Two items of 3 500 000 each cannot ride together in 6 000 000.
    const two = req('parallel', [{ id: 2, location_index: 2, delivery: [1], volume: { width: 100, height: 100, depth: 350 } }]);
    two.jobs![1].volume = { width: 100, height: 175, depth: 200 };
    const r = solveCapped(two, matrices, 20);
    expect(r.unassigned.map((u) => u.reason)).toEqual(['capacity']);
    expect(r.routes[0].steps.every((s) => s.load.length === 1)).toBe(true);
    expect(rules(two, r)).toEqual([]);
    const roomy = { ...two, vehicles: [vehicle(1, { volume: { ...box, depth: 600 }, capacity: [10] })] };
    expect(solveCapped(roomy, matrices, 20).unassigned).toEqual([]);
  });

  it('is checked: an overfull compartment or an item that does not fit is flagged', () => {
    const two = req('parallel', [{ id: 2, location_index: 2, delivery: [1], volume: { width: 100, height: 175, depth: 200 } }]);
    const roomy = { ...two, vehicles: [vehicle(1, { volume: { ...box, depth: 600 }, capacity: [10] })] };
    const r = solveCapped(roomy, matrices, 20);
    expect(rules(two, r)).toContain('volume');
    expect(rules(req('strict'), solveCapped(req('parallel'), matrices, 10))).toContain('volume');
  });
});

describe('order_grouping', () => {
  // Jobs 1, 3 and 5 share a building (about 50 m apart); 2 and 4 are a street away (500 m).
  const near: [number, number][] = [
    [57.7, 11.9],
    [57.7, 11.9005],
    [57.7, 11.9085],
    [57.7004, 11.9005],
    [57.7, 11.917],
    [57.7002, 11.9008],
  ];
  const m = near.map((a) => near.map((b) => Math.round(Math.hypot(a[0] - b[0], (a[1] - b[1]) / 2) * 100_000)));
  const mats: SolverMatrices = { car: { durations: m, distances: m } };
  const req = (capacity: number): SolverRequest => ({
    locations: near,
    vehicles: [vehicle(1, { capacity: [capacity] }), vehicle(2, { capacity: [capacity] })],
    jobs: [1, 2, 3, 4, 5].map((id) => ({ id, location_index: id, delivery: [1] })),
    options: { grouping: { order_grouping: { grouping_diameter: 100 } } },
  });
  const check = (r: SolverRequest, res: SolverResult) => checkSolution(r, mats, res).map((v) => v.rule);
  const stops = (res: SolverResult) => res.routes.map((r) => r.steps.filter((s) => s.type === 'job').map((s) => s.id));

  it('serves the jobs of one building on one route, one after another', () => {
    const r = solveCapped(req(10), mats, 40);
    expect(r.unassigned).toEqual([]);
    const route = stops(r).find((s) => s.includes(1))!;
    const at = [1, 3, 5].map((id) => route.indexOf(id)).sort();
    expect(at[2] - at[0]).toBe(2);
    expect(check(req(10), r)).toEqual([]);
  });

  it('splits a group no vehicle can take whole, each part still one stop', () => {
    const small = { ...req(2), vehicles: [1, 2, 3].map((id) => vehicle(id, { capacity: [2] })) };
    const r = solveCapped(small, mats, 40);
    expect(r.unassigned).toEqual([]);
    expect(check(small, r)).toEqual([]);
  });

  it('is checked: a group visited in two stops, or split though a vehicle could take it, is flagged', () => {
    const r = solveCapped(req(10), mats, 40);
    const twoStops = structuredClone(r);
    const home = twoStops.routes.find((x) => x.steps.some((s) => s.type === 'job' && s.id === 1))!;
    const jobs = home.steps.filter((s) => s.type === 'job');
    expect(jobs.length).toBeGreaterThan(3);
    // Move the group's first job behind the last job of the route (a job of another stop).
    const first = home.steps.findIndex((s) => s.type === 'job' && [1, 3, 5].includes(s.id!));
    const [moved] = home.steps.splice(first, 1);
    home.steps.splice(home.steps.length - 1, 0, moved);
    expect(check(req(10), twoStops)).toContain('grouping');
    const dropped: SolverResult = {
      ...r,
      routes: r.routes.map((x) => ({ ...x, steps: x.steps.filter((s) => s.id !== 3 || s.type !== 'job') })),
      unassigned: [{ id: 3, type: 'job', location: near[3], location_index: 3, reason: 'capacity' }],
    };
    expect(check(req(10), dropped)).toContain('grouping');
  });
});
