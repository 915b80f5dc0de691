import polyline from '@mapbox/polyline';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/platform/errors';
import { decodeBlob, encodeBlob } from '../../../shared/platform/blob';
import { buildMatrices, DISTANCE_FALLBACK_WARNING, routeGeometries, routingWarnings } from '../../../shared/optimization/matrices';
import { applyReOptimization, seedFromResult } from '../../../shared/optimization/reoptimize';
import { completedBody, failedBody, pendingBody } from '../../../shared/optimization/result';
import { defaultSolvingSeconds, solvingBudgetMs } from '../../../shared/optimization/worker';
import { toSolverInput } from '../../../shared/optimization/solver-input';
import { toClientResult, type ClientResult } from '../../../shared/optimization/client-result';
import { FALLBACK_WARNING, loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import type { OptimizationRequest } from '../../../shared/optimization/schemas';
import { solve, type SolverMatrices } from '../../../shared/solver';
import type { JobRecord } from '../../../shared/optimization/model';

const request = (): OptimizationRequest => ({
  description: 'd',
  locations: { location: ['57.70,11.97', '57.71,11.96', '57.72,11.99'] },
  vehicles: [
    { id: 1, start_index: 0, end_index: 0 },
    { id: 2, start_index: 0, profile: 'truck' },
  ],
  jobs: [
    { id: 1, location_index: 1 },
    { id: 2, location_index: 2 },
  ],
});
const locations: [number, number][] = [
  [57.7, 11.97],
  [57.71, 11.96],
  [57.72, 11.99],
];

/** What the worker does: solve on positions, answer in the caller's ids. */
const solveAsClient = (req: OptimizationRequest, matrices: SolverMatrices): ClientResult =>
  toClientResult(solve(toSolverInput(req, locations).request, matrices, { deadlineMs: 0, clock: () => 0, maxIterations: 10 }), req, 3);

describe('blob storage encoding', () => {
  it('round-trips and splits large values into chunks without loss', () => {
    const value = { data: Array.from({ length: 300 }, () => randomBytes(3000).toString('base64')) };
    const blob = encodeBlob(value, 100_000);
    expect(blob.rawBytes).toBeGreaterThan(1_000_000);
    expect(blob.chunks.length).toBeGreaterThan(5);
    expect(blob.chunks.every((c) => c.byteLength <= 100_000)).toBe(true);
    expect(decodeBlob(blob.chunks)).toEqual(value);
  });
  it('compresses repetitive results well', () => {
    const blob = encodeBlob({ routes: Array(5000).fill({ type: 'job', arrival: 1, duration: 2 }) });
    expect(blob.chunks).toHaveLength(1);
    expect(blob.compressedBytes).toBeLessThan(blob.rawBytes / 20);
  });
});

describe('travel matrices', () => {
  it('falls back to great-circle per profile, flagged, truck slower than car', () => {
    const built = buildMatrices(request(), locations);
    expect(Object.keys(built.matrices).sort()).toEqual(['car', 'truck']);
    expect(built.warnings).toContain(FALLBACK_WARNING);
    const car = built.matrices.car.durations[0][1];
    const truck = built.matrices.truck.durations[0][1];
    expect(truck).toBeGreaterThan(car);
    expect(Number.isInteger(car)).toBe(true);
    expect(built.matrices.car.distances[1][1]).toBe(0);
    expect(routingWarnings(request(), locations)).toContain(FALLBACK_WARNING);
  });
  it('uses the request matrices for every profile, with the custom cost matrix', () => {
    const req = {
      ...request(),
      duration_matrix: [
        [0, 5, 6],
        [5, 0, 7],
        [6, 7, 0],
      ],
      cost_matrix: [
        [0, 1, 1],
        [1, 0, 1],
        [1, 1, 0],
      ],
    };
    req.options = { objective: { travel_cost: 'customized' } };
    const built = buildMatrices(req, locations);
    expect(built.source).toBe('request');
    expect(built.matrices.truck.durations).toBe(req.duration_matrix);
    expect(built.matrices.car.costs).toBe(req.cost_matrix);
    expect(built.warnings).toEqual([DISTANCE_FALLBACK_WARNING]);
  });
  it('flags routing preferences it cannot honour', () => {
    const req = { ...request(), options: { routing: { traffic_timestamp: 1700000000, avoid: ['toll'] } } };
    expect(routingWarnings(req, locations).join(' ')).toMatch(/traffic_timestamp, avoid ignored/);
  });
});

describe('solver input and time budget', () => {
  it('gives every vehicle its profile (its own, the routing mode, else car)', () => {
    const req = { ...request(), options: { routing: { mode: 'truck' as const } } };
    const s = toSolverInput(req, locations).request;
    expect(s.vehicles.map((v) => v.profile)).toEqual(['truck', 'truck']);
    expect(toSolverInput(request(), locations).request.vehicles.map((v) => v.profile)).toEqual(['car', 'truck']);
  });
  it('honours solving_time_limit within the function time left', () => {
    expect(solvingBudgetMs(5, 10, 10, 900_000)).toEqual({ budgetMs: 5000, capped: false });
    const tight = solvingBudgetMs(600, 10, 10, 60_000);
    expect(tight.capped).toBe(true);
    expect(tight.budgetMs).toBeLessThan(60_000);
    expect(tight.budgetMs).toBeGreaterThan(40_000);
    expect(solvingBudgetMs(undefined, 4000, 4000, 900_000).budgetMs).toBe(defaultSolvingSeconds(4000) * 1000);
    expect(defaultSolvingSeconds(3)).toBe(2);
  });
});

describe('result bodies', () => {
  const job: JobRecord = {
    id: 'j',
    space: 's',
    key_hash: 'k',
    status: 'queued',
    description: 'd',
    created_at: 100,
    updated_at: 100,
    attempts: 0,
    request_chunks: 1,
    request_bytes: 1,
    warnings: ['w'],
  };
  it('pending: 200 Ok "Job still processing" without routes', () => {
    expect(pendingBody(job)).toEqual({
      description: 'd',
      request_created_time: 100,
      status: 'Ok',
      message: 'Job still processing',
      warnings: ['w'],
    });
  });
  it('failed: status Error with a non-zero code', () => {
    const body = failedBody({ ...job, status: 'failed', code: 2, message: 'bad', finished_at: 120 });
    expect(body).toMatchObject({ status: 'Error', message: 'bad', result: { code: 2, error: 'bad' }, solution_created_time: 120 });
  });
  it('completed: the solver result with an encoded polyline per route', () => {
    const req = request();
    const built = buildMatrices(req, locations);
    const result = solveAsClient(req, built.matrices);
    const body = completedBody(job, result, routeGeometries(result, req), [], 130);
    const routes = (body.result as { routes: { geometry: string; steps: { location?: number[] }[] }[] }).routes;
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes)
      expect(polyline.decode(r.geometry)).toEqual(
        r.steps.filter((s) => s.location).map((s) => s.location!.map((x) => Math.round(x * 1e5) / 1e5)),
      );
    expect(body).toMatchObject({ status: 'Ok', message: '', request_created_time: 100, solution_created_time: 130 });
  });
});

describe('re-optimization changes', () => {
  const previous = {
    routes: [{ vehicle: 1, steps: [{ type: 'start' }, { type: 'job', id: 2 }, { type: 'job', id: 1 }, { type: 'end' }] }],
  } as unknown as ClientResult;

  it('removes, modifies and adds; reuses the rest; seeds from the earlier routes', () => {
    const next = applyReOptimization(
      request(),
      {
        existing_request_id: 'x',
        job_changes: { remove: [1], modify: [{ id: 2, location_index: 1, service: 9 }], add: [{ id: 3, location_index: 3 }] },
        vehicle_changes: { remove: [{ id: 2 }] },
        locations: ['57.70,11.97', '57.71,11.96', '57.72,11.99', '57.73,11.90'],
      },
      previous,
    );
    expect(next.jobs).toEqual([
      { id: 2, location_index: 1, service: 9 },
      { id: 3, location_index: 3 },
    ]);
    expect(next.vehicles.map((v) => v.id)).toEqual([1]);
    expect(next.locations.location).toHaveLength(4);
    // The removed job 1 leaves the seeded plan.
    expect(next.solution).toEqual([{ vehicle: 1, steps: [{ type: 'job', id: 2 }] }]);
    expect(seedFromResult(undefined)).toBeUndefined();
  });

  it('refuses unknown ids in modify/remove and duplicate adds with 400', () => {
    try {
      applyReOptimization(
        request(),
        {
          existing_request_id: 'x',
          job_changes: { remove: [9], add: [{ id: 1, location_index: 0 }] },
          vehicle_changes: { modify: [{ id: 7 }] },
          shipment_changes: { remove: [{ pickup: { id: 4 } }] },
        },
        undefined,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const e = error as ApiError;
      expect(e.status).toBe(400);
      expect(e.message).toContain('vehicle_changes.modify[0].id: unknown vehicle id 7');
      expect(e.message).toContain('job_changes.remove[0]: unknown job id 9');
      expect(e.message).toContain('job_changes.add[0].id: job id 1 already exists');
      expect(e.message).toContain('shipment_changes.remove[0]: unknown shipment id 4');
    }
  });

  it('cannot change the number of locations of a request with its own matrices', () => {
    const req = {
      ...request(),
      duration_matrix: [
        [0, 1, 1],
        [1, 0, 1],
        [1, 1, 0],
      ],
    };
    expect(() => applyReOptimization(req, { existing_request_id: 'x', locations: ['1,1'] }, undefined)).toThrow(
      /number of locations cannot change/,
    );
  });
});

describe('on a loaded road network (Gothenburg sample)', () => {
  it('builds matrices on the roads and returns road geometry, without the fallback warning', () => {
    setRoadNetworks(new NetworkRegistry().add(loadGothenburgSample()));
    try {
      const req = request();
      const built = buildMatrices(req, locations);
      expect(built.source).not.toBe('great-circle');
      expect(built.warnings).toEqual([]);
      expect(routingWarnings(req, locations)).toEqual([]);
      expect(built.matrices.car.durations[0][1]).toBeGreaterThan(0);
      const result = solveAsClient(req, built.matrices);
      const [geometry] = routeGeometries(result, req);
      const stops = result.routes[0].steps.filter((s) => s.location).length;
      expect(polyline.decode(geometry).length).toBeGreaterThan(stops);
      // Outside the network: the flagged fallback.
      const far: [number, number][] = [
        [48.85, 2.35],
        [48.86, 2.36],
        [48.87, 2.34],
      ];
      expect(buildMatrices(req, far).warnings).toContain(FALLBACK_WARNING);
    } finally {
      setRoadNetworks(undefined);
    }
  });
});
