import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as reOptimizeHandler } from '../../../functions/optimization/re-optimize';
import { handler as resultHandler } from '../../../functions/optimization/result';
import { handler as submitHandler } from '../../../functions/optimization/submit';
import { resultResponse, submitResponse } from '../../../shared/optimization/responses';
import { newOrgKey } from '../support/keys';
import { purge, queues, receiver, runQueuedJob, runWebhookQueue, unthrottled } from '../optimization/support';
import { Client } from './client';
import { serveHandlers, type HandlersServer } from './handlers-server';

// Route optimization as the official client sends it (its types: string ids, the
// driver-assignment vehicle with a `location`, distinct pickup and delivery ids, relations and
// an initial solution by string id, re-optimization with `modify` as one object), over HTTP to
// the real handlers on the emulators; the worker runs each job from the queue.

const LOCATIONS = ['57.7089,11.9746', '57.7000,11.9600', '57.7200,11.9900', '57.6950,11.9850', '57.7150,11.9500'];

/** The client's V2SubmitParams, plus fields it declares that Waymark does not honour yet and one nobody declares. */
function clientProblem(webhookUrl: string): Record<string, unknown> {
  return {
    description: 'compat',
    locations: { location: LOCATIONS.slice(0, 4) },
    vehicles: [
      { id: 'van-1', location: { lat: 57.7089, lon: 11.9746 }, capacity: [10], attributes: { driver: 'ann' }, loading_bay: 9 },
      { id: 'van-2', location: { lat: 57.6901, lon: 11.9702 }, capacity: [10], skills: [2], priority: 2 },
    ],
    jobs: [
      { id: 'job-a', location_index: 1, service: 60, delivery: [2], revenue: 50, metadata: { order: 'a-1' } },
      // Only van-2 has the skill: both vehicles get a route (outsourcing costs more than driving there).
      { id: 'job-b', location_index: 2, service: 60, delivery: [1], skills: [2], outsourcing_cost: 1_000_000 },
    ],
    shipments: [
      {
        pickup: { id: 'pick-1', location_index: 2, service: 30, metadata: { dock: 3 } },
        delivery: { id: 'drop-1', location_index: 3, service: 30, sequence_order: 2 },
        amount: [1],
      },
    ],
    relations: [
      {
        type: 'in_sequence',
        vehicle: 'van-1',
        steps: [
          { type: 'pickup', id: 'pick-1' },
          { type: 'delivery', id: 'drop-1' },
        ],
      },
    ],
    solution: [{ vehicle: 'van-1', cost: 0, steps: [{ type: 'job', id: 'job-a', arrival: 0 }] }],
    depots: [{ id: 'depot-1', location_index: 0 }],
    // A zone whose shape holds none of the stops: it restricts nothing.
    zones: [
      {
        id: 1,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [12.5, 58.0],
              [12.6, 58.0],
              [12.6, 58.1],
              [12.5, 58.0],
            ],
          ],
        },
      },
    ],
    options: {
      objective: { solving_time_limit: 1, solver_mode: 'fast' },
      routing: { avoid: ['toll', 'left_turn'] },
      grouping: { proximity_factor: 0.5 },
      webhook: { url: webhookUrl },
    },
  };
}

type Body = Record<string, any>;
const allSteps = (result: Body): Body[] => result.result.routes.flatMap((r: Body) => r.steps);
const taskIds = (result: Body) => allSteps(result).filter((s) => s.id !== undefined && s.type !== 'break');

describe('route optimization with the official client shapes', () => {
  let server: HandlersServer;
  let client: Client;
  let hook: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    const { key } = await newOrgKey({ quotas: unthrottled });
    server = await serveHandlers({
      'POST /optimization/v2': submitHandler,
      'GET /optimization/v2/result': resultHandler,
      'POST /optimization/re_optimization': reOptimizeHandler,
    });
    client = new Client({ baseURL: server.baseURL, apiKey: key, maxRetries: 0 });
    hook = await receiver();
  });
  afterAll(async () => {
    await purge(queues.jobs());
    await hook?.close();
    await server?.close();
  });

  /** Runs the job from the queue, then reads its result as the client would. */
  async function solved(id: string): Promise<Body> {
    expect((await runQueuedJob(id)).failed).toBe(false);
    const body = await client.get('/optimization/v2/result', { id });
    expect(resultResponse.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ status: 'Ok', result: { code: 0 } });
    return body;
  }

  let firstId: string;
  let first: Body;

  it('accepts the submission and names every field it does not honour', async () => {
    const submitted = await client.post('/optimization/v2', clientProblem(hook.url));
    expect(submitResponse.safeParse(submitted).success).toBe(true);
    firstId = submitted.id;
    const expected = [
      /^vehicles\[\]\.attributes: accepted but not honoured yet/,
      /^vehicles\[\]\.priority: accepted but not honoured yet/,
      /^options\.grouping\.proximity_factor: accepted but not honoured yet/,
      /^solution\[\]: the earlier plan gives the search its vehicles and step order; cost, arrival are recomputed/,
      /^vehicles\[\]\.loading_bay: not a known field; ignored$/,
    ];
    for (const pattern of expected)
      expect(
        submitted.warnings.filter((w: string) => pattern.test(w)),
        String(pattern),
      ).toHaveLength(1);
    first = await solved(firstId);
    for (const pattern of expected)
      expect(
        first.warnings.some((w: string) => pattern.test(w)),
        String(pattern),
      ).toBe(true);
  });

  it('answers with every id as the string the client sent', () => {
    const r = first.result;
    expect(r.routes.map((route: Body) => route.vehicle)).toContain('van-1');
    for (const route of r.routes) expect(typeof route.vehicle).toBe('string');
    const steps = taskIds(first);
    expect(steps.map((s) => s.id).sort()).toEqual(['drop-1', 'job-a', 'job-b', 'pick-1']);
    // The relation put the shipment on van-1, pickup before its own delivery id.
    const van1 = r.routes.find((route: Body) => route.vehicle === 'van-1');
    const order = van1.steps.map((s: Body) => s.id);
    expect(order.indexOf('pick-1')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('pick-1')).toBeLessThan(order.indexOf('drop-1'));
    expect(steps.find((s) => s.id === 'pick-1')!.metadata).toEqual({ dock: 3 });
    expect(steps.find((s) => s.id === 'job-a')!.metadata).toEqual({ order: 'a-1' });
    // Each vehicle starts where its `location` says; van-2's point is not among the locations.
    expect(van1.steps[0]).toMatchObject({ type: 'start', location: [57.7089, 11.9746], location_index: 0 });
    const van2 = r.routes.find((route: Body) => route.vehicle === 'van-2');
    expect(van2.steps.map((s: Body) => s.id)).toContain('job-b');
    expect(van2.steps[0]).toMatchObject({ type: 'start', location: [57.6901, 11.9702] });
    expect(van2.steps[0].location_index).toBeUndefined();
    expect(r.unassigned).toEqual([]);
    expect(r.summary.revenue).toBe(50);
  });

  it('sends the webhook events with the job id as a string', async () => {
    await runWebhookQueue();
    const events = hook.received.map((r) => JSON.parse(r.body)).filter((e) => e.request_id === firstId);
    expect(events.map((e) => e.event).sort()).toEqual(['JOB_COMPLETED', 'JOB_CREATED']);
    for (const e of events) expect(e).toEqual({ event: e.event, request_id: firstId, timestamp: expect.any(Number) });
  });

  it('re-optimizes with string ids and modify as one object', async () => {
    const submitted = await client.post('/optimization/re_optimization', {
      existing_request_id: firstId,
      locations: LOCATIONS,
      vehicle_changes: { modify: { id: 'van-2', location: { lat: 57.715, lon: 11.95 }, capacity: [10], skills: [2] } },
      job_changes: { remove: ['job-b'], add: [{ id: 'job-c', location_index: 4, service: 30, delivery: [1], skills: [2] }] },
    });
    expect(submitted.status).toBe('Ok');
    const again = await solved(submitted.id);
    const ids = taskIds(again).map((s) => s.id);
    expect(ids.sort()).toEqual(['drop-1', 'job-a', 'job-c', 'pick-1']);
    const van2 = again.result.routes.find((route: Body) => route.vehicle === 'van-2');
    // van-2 (the only one with the skill for job-c) now starts at location 4, one of the new list.
    expect(van2.steps.map((s: Body) => s.id)).toContain('job-c');
    expect(van2.steps[0]).toMatchObject({ type: 'start', location: [57.715, 11.95], location_index: 4 });
    const unknown = await client
      .post('/optimization/re_optimization', { existing_request_id: firstId, job_changes: { remove: ['nope'] } })
      .catch((e) => e);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('job_changes.remove[0]: unknown job id "nope"');
  });

  it('sends lateness and overtime under both names, ids still strings', async () => {
    const submitted = await client.post('/optimization/v2', {
      locations: { location: LOCATIONS.slice(0, 3) },
      // The window closes before the vehicle can be back, and the job's before it can arrive.
      vehicles: [{ id: 'late-van', location: { lat: 57.7089, lon: 11.9746 }, end_index: 0, time_window: [0, 150] }],
      jobs: [{ id: 'late-job', location_index: 1, time_windows: [[0, 50]] }],
      duration_matrix: [
        [0, 100, 100],
        [100, 0, 100],
        [100, 100, 0],
      ],
      options: { constraint: { max_vehicle_overtime: 500, max_visit_lateness: 500 }, objective: { solving_time_limit: 1 } },
    });
    const done = await solved(submitted.id);
    const route = done.result.routes[0];
    expect(route).toMatchObject({ vehicle: 'late-van', overtime: 50, vehicle_overtime: 50 });
    expect(route.steps.find((s: Body) => s.type === 'job')).toMatchObject({ id: 'late-job', late_by: 50 });
    expect(done.result.summary).toMatchObject({ lateness: 50, total_visit_lateness: 50, num_late_visits: 1, overtime: 50 });
  });
});
