import { describe, expect, it } from 'vitest';
import { toClientResult } from '../../../shared/optimization/client-result';
import { idKey, ProblemIds } from '../../../shared/optimization/ids';
import { applyReOptimization } from '../../../shared/optimization/reoptimize';
import { optimizationRequestSchema, reOptimizationSchema, type OptimizationRequest } from '../../../shared/optimization/schemas';
import { toSolverInput } from '../../../shared/optimization/solver-input';
import { validateProblem } from '../../../shared/optimization/validate';
import { ApiError } from '../../../shared/platform/errors';
import { parseWith } from '../../../shared/platform/validate';
import { checkSolution, solve, type SolverMatrices, type SolverResult } from '../../../shared/solver';

// Client ids (strings or integers) at the solver boundary: validated, mapped to positions for the
// solver, mapped back in the result in the type the caller declared.

const parse = (body: unknown): OptimizationRequest => parseWith(optimizationRequestSchema, body, 'body');

/** The client's shapes: string ids, distinct pickup and delivery ids, a break, a vehicle `location`. */
function clientProblem(): Record<string, any> {
  return {
    locations: { location: ['57.70,11.97', '57.71,11.96', '57.72,11.99', '57.69,11.98'] },
    vehicles: [
      {
        id: 'van-1',
        location: { lat: 57.7, lon: 11.97 },
        capacity: [5],
        breaks: [{ id: 'lunch', time_windows: [[0, 100_000]], service: 60 }],
      },
      { id: 2, start_index: 0, end_index: 0, capacity: [5] },
    ],
    jobs: [
      { id: 'job-a', location_index: 1, service: 30, delivery: [1] },
      { id: 7, location_index: 2, service: 30, outsourcing_cost: 100 },
    ],
    shipments: [
      {
        pickup: { id: 'p-1', location_index: 2, metadata: { step: 'pick' } },
        delivery: { id: 'd-1', location_index: 3 },
        amount: [1],
        metadata: { order: 'o-1' },
      },
    ],
  };
}

function validated(body: Record<string, any>) {
  return validateProblem(parse(body), { selfHosts: [] });
}

const square = (n: number, v: number) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : v)));
const matrices = (n: number): SolverMatrices => ({ car: { durations: square(n, 60), distances: square(n, 500) } });

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('ProblemIds', () => {
  it('finds each kind by id, "7" and 7 alike; a delivery without an id goes by its pickup id', () => {
    const ids = new ProblemIds({
      vehicles: [{ id: 'a' }, { id: 3, breaks: [{ id: 'b', time_windows: [[0, 1]] }] }],
      jobs: [{ id: 7, location_index: 0 }],
      shipments: [{ pickup: { id: 'p', location_index: 0 }, delivery: { location_index: 0 } }],
    });
    expect([ids.vehicle('a'), ids.vehicle('3'), ids.vehicle(3), ids.vehicle('x')]).toEqual([0, 1, 1, undefined]);
    expect([ids.task('job', '7'), ids.task('pickup', 'p'), ids.task('delivery', 'p'), ids.task('job', 'p')]).toEqual([0, 0, 0, undefined]);
    expect([ids.break(1, 'b'), ids.break(0, 'b')]).toEqual([0, undefined]);
    expect(idKey(7)).toBe(idKey('7'));
  });
});

describe('id rules', () => {
  it('accepts the client shapes', () => {
    expect(validated(clientProblem()).request.shipments![0].delivery.id).toBe('d-1');
  });

  it('relations name shipment steps by their own ids; the pickup id does not name a distinct delivery', () => {
    const ok = clientProblem();
    ok.relations = [
      {
        type: 'in_sequence',
        vehicle: 'van-1',
        steps: [
          { type: 'pickup', id: 'p-1' },
          { type: 'delivery', id: 'd-1' },
        ],
      },
    ];
    expect(() => validated(ok)).not.toThrow();
    const wrong = clientProblem();
    wrong.relations = [
      {
        type: 'in_sequence',
        steps: [
          { type: 'pickup', id: 'p-1' },
          { type: 'delivery', id: 'p-1' },
        ],
      },
    ];
    expect(errorOf(() => validated(wrong)).message).toMatch(/relations\[0\]\.steps\[1\]\.id: unknown shipment delivery id "p-1"/);
  });

  it('rules 5 and 6 hold with distinct step ids', () => {
    const before = clientProblem();
    before.relations = [
      {
        type: 'in_direct_sequence',
        steps: [
          { type: 'delivery', id: 'd-1' },
          { type: 'pickup', id: 'p-1' },
        ],
      },
    ];
    expect(errorOf(() => validated(before)).message).toMatch(/the delivery of shipment "p-1" is placed before its pickup \(rule 5\)/);
    const half = clientProblem();
    half.relations = [{ type: 'in_same_route', steps: [{ type: 'delivery', id: 'd-1' }] }];
    expect(errorOf(() => validated(half)).message).toMatch(/shipment "p-1" has its delivery but not its pickup/);
  });

  it("the relation's deprecated `id` is its vehicle; it must agree with `vehicle`", () => {
    const old = clientProblem();
    old.relations = [{ type: 'in_same_route', id: 2, steps: [{ type: 'job', id: 'job-a' }] }];
    expect(validated(old).request.relations![0].vehicle).toBe(2);
    const unknown = clientProblem();
    unknown.relations = [{ type: 'in_same_route', id: 9, steps: [{ type: 'job', id: 'job-a' }] }];
    expect(errorOf(() => validated(unknown)).message).toMatch(/relations\[0\]\.vehicle: unknown vehicle id 9/);
    const both = clientProblem();
    both.relations = [{ type: 'in_same_route', id: 2, vehicle: 'van-1', steps: [{ type: 'job', id: 'job-a' }] }];
    expect(errorOf(() => validated(both)).message).toMatch(
      /relations\[0\]\.id: the deprecated vehicle id 2 disagrees with relations\[0\]\.vehicle \("van-1"\)/,
    );
  });

  it('a vehicle location needs a longitude (lon or lng, not two different ones)', () => {
    const none = clientProblem();
    none.vehicles[0].location = { lat: 57.7 };
    expect(errorOf(() => validated(none)).message).toMatch(/vehicles\[0\]\.location\.lon: is required \(or lng\)/);
    const lng = clientProblem();
    lng.vehicles[0].location = { lat: 57.7, lng: 11.97 };
    expect(() => validated(lng)).not.toThrow();
    const two = clientProblem();
    two.vehicles[0].location = { lat: 57.7, lon: 11.97, lng: 12 };
    expect(errorOf(() => validated(two)).field).toBe('vehicles[0].location');
  });

  it('with the request matrices a vehicle location must be one of the locations, unless start_index is given', () => {
    const p = clientProblem();
    p.duration_matrix = square(4, 60);
    p.vehicles[0].location = { lat: 50, lon: 10 };
    expect(errorOf(() => validated(p)).message).toMatch(/vehicles\[0\]\.location: is not one of locations\.location/);
    p.vehicles[0].location = { lat: 57.71, lon: 11.96 };
    expect(() => validated(p)).not.toThrow();
    p.vehicles[0] = { ...p.vehicles[0], location: { lat: 50, lon: 10 }, start_index: 0 };
    expect(() => validated(p)).not.toThrow();
  });
});

describe('the solver boundary', () => {
  it('gives the solver positions; a vehicle location is its start, reused when it is a location, else appended', () => {
    const { request, locations } = validated(clientProblem());
    const input = toSolverInput(request, locations);
    expect(input.request.vehicles.map((v) => [v.id, v.start_index, v.end_index])).toEqual([
      [0, 0, undefined], // 57.70,11.97 is location 0
      [1, 0, 0],
    ]);
    expect(input.request.vehicles[0].breaks![0].id).toBe(0);
    expect(input.request.jobs!.map((j) => j.id)).toEqual([0, 1]);
    expect([input.request.shipments![0].pickup.id, input.request.shipments![0].delivery.id]).toEqual([0, 0]);
    expect(input.locations).toHaveLength(4);

    const away = clientProblem();
    away.vehicles[0].location = { lat: 57.75, lng: 11.9 };
    const moved = validated(away);
    const appended = toSolverInput(moved.request, moved.locations);
    expect(appended.locations).toHaveLength(5);
    expect(appended.locations[4]).toEqual([57.75, 11.9]);
    expect(appended.request.vehicles[0].start_index).toBe(4);
    expect(moved.locations).toHaveLength(4); // the caller's list is left alone
  });

  it('maps relations and an earlier plan; plan steps naming unknown ids are left out', () => {
    const p = clientProblem();
    p.relations = [
      {
        type: 'in_sequence',
        vehicle: 'van-1',
        steps: [{ type: 'start' }, { type: 'pickup', id: 'p-1' }, { type: 'delivery', id: 'd-1' }],
      },
    ];
    p.solution = [
      {
        vehicle: 'van-1',
        cost: 10,
        steps: [
          { type: 'start', arrival: 0 },
          { type: 'job', id: 7, arrival: 5 },
          { type: 'job', id: 'gone', arrival: 6 },
          { type: 'break', id: 'lunch', arrival: 7 },
        ],
      },
      { vehicle: 'ghost', steps: [] },
    ];
    const { request, locations } = validated(p);
    const input = toSolverInput(request, locations).request;
    expect(input.relations).toEqual([
      {
        type: 'in_sequence',
        vehicle: 0,
        steps: [
          { type: 'start', id: undefined },
          { type: 'pickup', id: 0 },
          { type: 'delivery', id: 0 },
        ],
        min_duration: undefined,
        max_duration: undefined,
      },
    ]);
    expect(input.solution).toEqual([{ vehicle: 0, steps: [{ type: 'job', id: 1 }] }]);
  });

  it('answers in the ids and types the caller declared', () => {
    const p = clientProblem();
    p.jobs.push({ id: 'skilled', location_index: 1, skills: [9] });
    const { request, locations } = validated(p);
    const input = toSolverInput(request, locations);
    const internal = solve(input.request, matrices(4), { deadlineMs: 0, clock: () => 0, maxIterations: 20, seed: 1 });
    expect(checkSolution(input.request, matrices(4), internal)).toEqual([]);
    const result = toClientResult(internal, request, 4);
    const steps = result.routes.flatMap((r) => r.steps);
    const ids = steps.filter((s) => s.id !== undefined).map((s) => s.id);
    expect(ids.sort((a, b) => String(a).localeCompare(String(b)))).toEqual([7, 'd-1', 'job-a', 'lunch', 'p-1']);
    expect(result.routes.map((r) => r.vehicle)).toContain('van-1');
    expect(result.unassigned).toEqual([expect.objectContaining({ id: 'skilled', type: 'job', reason: 'skills' })]);
    const pick = steps.find((s) => s.type === 'pickup')!;
    const drop = steps.find((s) => s.type === 'delivery')!;
    expect(pick.metadata).toEqual({ step: 'pick' }); // the step's own metadata
    expect(drop.metadata).toEqual({ order: 'o-1' }); // else the shipment's
    const van = result.routes.find((r) => r.vehicle === 'van-1')!;
    expect(van).toMatchObject({ profile: 'car', adopted_capacity: [5] });
  });

  it('sends the client names beside the solver names; echoes outsourcing_cost; hides an index the caller never gave', () => {
    const req = parse(clientProblem());
    const internal: SolverResult = {
      code: 0,
      summary: {
        cost: 1,
        routes: 1,
        unassigned: 1,
        setup: 0,
        service: 0,
        duration: 1,
        waiting_time: 0,
        priority: 0,
        distance: 1,
        delivery: [0],
        pickup: [0],
        lateness: 40,
        overtime: 15,
      },
      routes: [
        {
          vehicle: 0,
          cost: 1,
          setup: 0,
          service: 0,
          duration: 1,
          waiting_time: 0,
          priority: 0,
          distance: 1,
          delivery: [0],
          pickup: [0],
          overtime: 15,
          steps: [
            {
              type: 'start',
              arrival: 0,
              duration: 0,
              distance: 0,
              setup: 0,
              service: 0,
              waiting_time: 0,
              location: [57.75, 11.9],
              location_index: 4,
              load: [0],
            },
            {
              type: 'job',
              id: 0,
              arrival: 9,
              duration: 9,
              distance: 1,
              setup: 0,
              service: 0,
              waiting_time: 0,
              location_index: 1,
              load: [0],
              late_by: 30,
            },
            {
              type: 'delivery',
              id: 0,
              arrival: 9,
              duration: 9,
              distance: 1,
              setup: 0,
              service: 0,
              waiting_time: 0,
              location_index: 3,
              load: [0],
              late_by: 10,
            },
          ],
        },
      ],
      unassigned: [{ id: 1, type: 'job', location: [57.72, 11.99], location_index: 2, reason: 'time_window' }],
    };
    const result = toClientResult(internal, req, 4);
    expect(result.summary).toMatchObject({ lateness: 40, total_visit_lateness: 40, num_late_visits: 2, overtime: 15 });
    expect(result.routes[0]).toMatchObject({ vehicle: 'van-1', overtime: 15, vehicle_overtime: 15 });
    expect(result.routes[0].steps[0].location_index).toBeUndefined();
    expect(result.routes[0].steps[0].location).toEqual([57.75, 11.9]);
    expect(result.routes[0].steps.map((s) => s.id)).toEqual([undefined, 'job-a', 'd-1']);
    expect(result.unassigned).toEqual([expect.objectContaining({ id: 7, outsourcing_cost: 100 })]);
  });
});

describe('re-optimization with client ids', () => {
  const original = () => validated(clientProblem()).request;
  const body = (b: Record<string, unknown>) => parseWith(reOptimizationSchema, { existing_request_id: 'x', ...b }, 'body');

  it('takes modify as one object, remove as strings, and "7" for 7', () => {
    const next = applyReOptimization(
      original(),
      body({
        vehicle_changes: { modify: { id: 'van-1', location: { lat: 57.71, lon: 11.96 } }, remove: ['2'] },
        job_changes: { remove: ['7'], modify: [{ id: 'job-a', location_index: 3 }] },
        shipment_changes: { remove: ['p-1'] },
      }),
      undefined,
    );
    expect(next.vehicles).toEqual([{ id: 'van-1', location: { lat: 57.71, lon: 11.96 } }]);
    expect(next.jobs).toEqual([{ id: 'job-a', location_index: 3 }]);
    expect(next.shipments).toBeUndefined();
  });

  it('names the entry when a modify object or string removal is unknown', () => {
    const error = errorOf(() =>
      applyReOptimization(
        original(),
        body({ vehicle_changes: { modify: { id: 'nope', location: { lat: 1, lon: 1 } }, remove: ['ghost'] } }),
        undefined,
      ),
    );
    expect(error.message).toContain('vehicle_changes.remove[0]: unknown vehicle id "ghost"');
    expect(error.message).toContain('vehicle_changes.modify.id: unknown vehicle id "nope"');
  });
});
