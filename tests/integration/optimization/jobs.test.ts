import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, deadLetterHandler } from '../../../functions/optimization/worker';
import { hashApiKey } from '../../../shared/auth/keys';
import { spaceOf } from '../../../shared/auth/model';
import { optimization, workerDeps } from '../../../functions/optimization/deps';
import { JOB_MAX_RECEIVE_COUNT } from '../../../shared/optimization/model';
import { internalFailureMessage } from '../../../shared/optimization/failure';
import { requeuePendingJobs } from '../../../shared/optimization/requeue';
import { SolverError, solveWithStats } from '../../../shared/solver';
import { DynamoOptimizationJobStore } from '../../../shared/optimization/dynamo-store';
import { newOrgKey } from '../support/keys';
import { verifyDelivery, webhookSecret } from '../support/webhooks';
import {
  purge,
  receiveAll,
  fastWorker,
  queues,
  receive,
  receiveJob,
  receiver,
  remove,
  reoptimize,
  result,
  runQueuedJob,
  runWebhookQueue,
  smallProblem,
  sqsEventOf,
  submit,
  unthrottled,
} from './support';

const store = new DynamoOptimizationJobStore();
const fastSolve: typeof solveWithStats = (req, m, opts) => solveWithStats(req, m, { ...opts, maxIterations: 50 });

describe('pending jobs per key', () => {
  it('admits exactly 25 of 28 concurrent submissions; the 26th gets 429 until one finishes', async () => {
    const { key, org } = await newOrgKey({ quotas: unthrottled });
    const all = await Promise.all(Array.from({ length: 28 }, () => submit(key, smallProblem())));
    const ok = all.filter((r) => r.status === 200);
    const refused = all.filter((r) => r.status === 429);
    expect(ok).toHaveLength(25);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.message).toMatch(/at most 25 pending/);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await store.pendingCount(spaceOf(org, null), hashApiKey(key))).toBe(25);
    expect((await submit(key, smallProblem())).status).toBe(429);

    // A namespaced key of the same organisation has its own 25.
    const other = await newOrgKey({ quotas: unthrottled });
    expect((await submit(other.key, smallProblem())).status).toBe(200);

    // One finishes: one more is accepted, and only one.
    const first = ok[0].body.id as string;
    expect((await runQueuedJob(first)).failed).toBe(false);
    const next = await Promise.all([submit(key, smallProblem()), submit(key, smallProblem())]);
    expect(next.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await store.pendingCount(spaceOf(org, null), hashApiKey(key))).toBe(25);

    // All 25 finish at once: each frees its slot exactly once (concurrent transactions on one counter).
    const messages = await receiveAll(queues.jobs(), 26);
    expect(messages.length).toBe(26); // 25 of this key, 1 of the other organisation
    await Promise.all(messages.map((m) => fastWorker(sqsEventOf([m], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 })));
    for (const m of messages) await remove(queues.jobs(), m);
    expect(await store.pendingCount(spaceOf(org, null), hashApiKey(key))).toBe(0);
    expect((await submit(key, smallProblem())).status).toBe(200);
    await purge(queues.jobs());
  });
});

describe('worker retries, failures and the dead-letter queue', () => {
  let key: string;
  let org: string;
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    ({ key, org } = await newOrgKey({ quotas: unthrottled }));
    hook = await receiver();
  });
  afterAll(async () => hook.close());

  it('a crash mid-solve leaves the job retryable; the next delivery completes it', async () => {
    let calls = 0;
    const crashing = createWorker(() => ({
      ...workerDeps(),
      solve: (req, m, opts) => {
        if (calls++ === 0) throw new Error('simulated crash');
        return fastSolve(req, m, opts);
      },
    }));
    const id = (await submit(key, smallProblem())).body.id as string;
    const first = await receiveJob(id, queues.jobs(), 1); // a 1 s visibility timeout
    const res = await crashing(sqsEventOf([first], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 });
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: first.MessageId }]);
    const job = await store.get(spaceOf(org, null), id);
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    expect((await result(key, id)).body.message).toBe('Job still processing');
    // The emulator redelivers it.
    const second = await receiveJob(id);
    expect(second.Attributes?.ApproximateReceiveCount).toBe('2');
    const res2 = await crashing(sqsEventOf([second], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 });
    expect(res2.batchItemFailures).toEqual([]);
    await remove(queues.jobs(), second);
    expect(await store.get(spaceOf(org, null), id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect((await result(key, id)).body.result.code).toBe(0);
  });

  it('after the last delivery the job is failed with status Error and the message dead-lettered', async () => {
    const broken = createWorker(() => ({
      ...workerDeps(),
      solve: () => {
        throw new Error('disk on fire');
      },
    }));
    const problem = smallProblem({ options: { webhook: { url: hook.url, events: ['JOB_FAILED'] } } });
    const id = (await submit(key, problem)).body.id as string;
    for (let attempt = 1; attempt <= JOB_MAX_RECEIVE_COUNT; attempt++) {
      const m = await receiveJob(id, queues.jobs(), 1); // a 1 s visibility timeout
      expect(m.Attributes?.ApproximateReceiveCount).toBe(String(attempt));
      const res = await broken(sqsEventOf([m], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 });
      expect(res.batchItemFailures).toHaveLength(1);
      expect((await store.get(spaceOf(org, null), id))!.status).toBe(attempt < JOB_MAX_RECEIVE_COUNT ? 'running' : 'failed');
    }
    const failed = await result(key, id);
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('Error');
    // The caller reads a fixed sentence naming the request id, never the exception's text.
    expect(failed.body.message).toBe(internalFailureMessage(id, JOB_MAX_RECEIVE_COUNT));
    expect(failed.body.message).not.toMatch(/disk on fire/);
    expect(failed.body.result.code).not.toBe(0);
    expect(await store.pendingCount(spaceOf(org, null), hashApiKey(key))).toBe(0);

    // The emulator moves the message to the DLQ; its consumer finds the job already failed.
    let dead: Awaited<ReturnType<typeof receive>> = [];
    for (let i = 0; i < 30 && dead.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      dead = (await receive(queues.dlq())).filter((m) => JSON.parse(m.Body!).id === id);
    }
    expect(dead).toHaveLength(1);
    expect((await deadLetterHandler(sqsEventOf(dead, 'optimization-jobs-dlq'))).batchItemFailures).toEqual([]);
    await remove(queues.dlq(), dead[0]);
    expect((await result(key, id)).body.message).toBe(internalFailureMessage(id, JOB_MAX_RECEIVE_COUNT));

    await runWebhookQueue();
    const events = hook.received.map((r) => JSON.parse(r.body));
    expect(events).toEqual([{ event: 'JOB_FAILED', request_id: id, timestamp: expect.any(Number) }]);
  });

  it('the dead-letter consumer fails a job whose worker crashed on every delivery', async () => {
    const id = (await submit(key, smallProblem())).body.id as string;
    const m = await receiveJob(id);
    const now = Math.floor(Date.now() / 1000);
    await store.claim(spaceOf(org, null), id, now - 1000, now - 1); // a worker that died; its lease has ended
    await deadLetterHandler(sqsEventOf([m], 'optimization-jobs-dlq'));
    await remove(queues.jobs(), m);
    const res = await result(key, id);
    expect(res.body).toMatchObject({ status: 'Error', result: { code: 1 } });
    expect(res.body.message).toMatch(/did not finish after 1 attempt/);
  });

  it('a worker that died between finishing and queueing the event: the redelivery sends it, once', async () => {
    const own = await receiver();
    try {
      const id = (await submit(key, smallProblem({ options: { webhook: { url: own.url, events: ['JOB_FAILED'] } } }))).body.id as string;
      const m = await receiveJob(id);
      const space = spaceOf(org, null);
      const running = (await store.claim(space, id, 1, 2))!;
      expect(await store.finish(running, { status: 'failed', now: 2, code: 1, message: 'gone' })).toBe(true);
      for (let i = 0; i < 2; i++) {
        const res = await fastWorker(sqsEventOf([m], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 });
        expect(res.batchItemFailures).toEqual([]);
      }
      await remove(queues.jobs(), m);
      await runWebhookQueue();
      expect(own.received.map((r) => JSON.parse(r.body).event)).toEqual(['JOB_FAILED']);
      expect((await store.get(space, id))!.final_event_sent).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('gives the solver options.objective.solving_time_limit, capped by the time the function has left, and the engine choice by budget', async () => {
    const budgets: number[] = [];
    const engines: unknown[] = [];
    const measuring = createWorker(() => ({
      ...workerDeps(),
      solve: (req, m, opts) => {
        budgets.push(opts.deadlineMs - opts.clock());
        engines.push(opts.engine);
        return fastSolve(req, m, opts);
      },
    }));
    const a = (await submit(key, smallProblem({ options: { objective: { solving_time_limit: 7 } } }))).body.id as string;
    const b = (await submit(key, smallProblem({ options: { objective: { solving_time_limit: 600 } } }))).body.id as string;
    for (const [id, remaining] of [
      [a, 60_000],
      [b, 20_000],
    ] as const) {
      const m = await receiveJob(id);
      await measuring(sqsEventOf([m], 'optimization-jobs'), { getRemainingTimeInMillis: () => remaining });
      await remove(queues.jobs(), m);
    }
    expect(budgets[0]).toBeGreaterThan(6900);
    expect(budgets[0]).toBeLessThanOrEqual(7000);
    expect(budgets[1]).toBeLessThan(20_000);
    expect(budgets[1]).toBeGreaterThan(10_000);
    expect(engines).toEqual(['auto', 'auto']);
    expect((await result(key, b)).body.warnings.join(' ')).toMatch(/solving_time_limit capped to \d+ s/);
    expect((await result(key, a)).body.warnings.join(' ')).not.toMatch(/capped/);
  });

  it('a problem the solver refuses fails at once with code 2', async () => {
    const refusing = createWorker(() => ({
      ...workerDeps(),
      solve: () => {
        throw new SolverError('relation', 'relation 0: something impossible');
      },
    }));
    const id = (await submit(key, smallProblem())).body.id as string;
    const m = await receiveJob(id);
    const res = await refusing(sqsEventOf([m], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 });
    expect(res.batchItemFailures).toEqual([]);
    await remove(queues.jobs(), m);
    expect((await result(key, id)).body).toMatchObject({
      status: 'Error',
      message: 'relation 0: something impossible',
      result: { code: 2, error: 'relation 0: something impossible' },
    });
  });

  it('requeues pending jobs after a restart (empty queue, jobs kept)', async () => {
    const id = (await submit(key, smallProblem())).body.id as string;
    const m = await receiveJob(id);
    await remove(queues.jobs(), m); // the emulator "lost" it
    const count = await requeuePendingJobs(optimization());
    expect(count).toBeGreaterThanOrEqual(1);
    expect((await runQueuedJob(id)).failed).toBe(false);
    expect((await result(key, id)).body.result.code).toBe(0);
    await purge(queues.jobs());
  });
});

describe('webhook delivery', () => {
  it('retries a failing receiver with the same event id; a failing webhook never fails the job', async () => {
    const { key } = await newOrgKey({ quotas: unthrottled });
    const hook = await receiver([500, 503, 200]);
    const flaky = await receiver(Array(10).fill(500));
    try {
      const a = (await submit(key, smallProblem({ options: { webhook: { url: hook.url, events: ['JOB_COMPLETED'], timeout: 2 } } }))).body
        .id as string;
      const b = (await submit(key, smallProblem({ options: { webhook: { url: flaky.url, events: ['JOB_COMPLETED'] } } }))).body
        .id as string;
      await runQueuedJob(a);
      await runQueuedJob(b);
      await runWebhookQueue(20);
      expect(hook.received).toHaveLength(3);
      expect(new Set(hook.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([`msg_${a}_JOB_COMPLETED`]));
      // Every retry is signed afresh (its own timestamp) and still verifies.
      const secret = await webhookSecret(key);
      for (const r of [...hook.received, ...flaky.received]) expect(verifyDelivery(secret, r)).toEqual(JSON.parse(r.body));
      expect(flaky.received).toHaveLength(5);
      expect((await result(key, b)).body.result.code).toBe(0);
    } finally {
      await hook.close();
      await flaky.close();
    }
  });
});

describe('re-optimization', () => {
  it('adds and removes jobs, reuses the rest, and refuses unknown ids', async () => {
    const { key } = await newOrgKey({ quotas: unthrottled });
    const id = (await submit(key, smallProblem())).body.id as string;
    await runQueuedJob(id);
    const res = await reoptimize(key, {
      existing_request_id: id,
      locations: [...smallProblem().locations.location, '57.7150,11.9500'],
      job_changes: { add: [{ id: 14, location_index: 4, service: 30, delivery: [1] }], remove: [12] },
      vehicle_changes: { remove: [2] },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Ok');
    expect(res.body.id).not.toBe(id);
    await runQueuedJob(res.body.id);
    const done = await result(key, res.body.id);
    expect(done.body.result.code).toBe(0);
    const ids = done.body.result.routes.flatMap((r: any) => r.steps.filter((s: any) => s.type === 'job').map((s: any) => s.id));
    expect(ids.sort()).toEqual([11, 13, 14]);
    expect(done.body.result.routes.map((r: any) => r.vehicle)).toEqual([1]);

    const unknown = await reoptimize(key, {
      existing_request_id: id,
      job_changes: { remove: [99], modify: [{ id: 98, location_index: 0 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/job_changes\.remove\[0\]: unknown job id 99/);
    expect(unknown.body.message).toMatch(/job_changes\.modify\[0\]\.id: unknown job id 98/);
    const dup = await reoptimize(key, { existing_request_id: id, job_changes: { add: [{ id: 11, location_index: 0 }] } });
    expect(dup.status).toBe(400);
    expect((await reoptimize(key, { existing_request_id: 'nope' })).status).toBe(404);
    const stranger = await newOrgKey({ quotas: unthrottled });
    expect((await reoptimize(stranger.key, { existing_request_id: id })).status).toBe(404);
    // The new problem is validated as a whole: removing a job a relation names is refused.
    const withRelation = (
      await submit(
        key,
        smallProblem({
          relations: [
            {
              type: 'in_same_route',
              steps: [
                { type: 'job', id: 11 },
                { type: 'job', id: 12 },
              ],
            },
          ],
        }),
      )
    ).body.id as string;
    const broken = await reoptimize(key, { existing_request_id: withRelation, job_changes: { remove: [12] } });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/relations\[0\]\.steps\[1\]\.id: unknown job id 12/);
    await purge(queues.jobs());
  });
});

describe('sizes', () => {
  it('stores a result larger than one DynamoDB item in chunks and returns it whole', async () => {
    const { key, org } = await newOrgKey({ quotas: unthrottled });
    const n = 120;
    const locations = Array.from(
      { length: n + 1 },
      (_, i) => `${(57.6 + (i % 11) * 0.01).toFixed(5)},${(11.9 + Math.floor(i / 11) * 0.01).toFixed(5)}`,
    );
    const jobs = Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      location_index: i + 1,
      metadata: { blob: randomBytes(3000).toString('base64') },
    }));
    const res = await submit(key, { locations: { location: locations }, vehicles: [{ id: 1, start_index: 0 }], jobs });
    expect(res.status).toBe(200);
    await runQueuedJob(res.body.id);
    const job = await store.get(spaceOf(org, null), res.body.id);
    expect(job!.result_bytes).toBeGreaterThan(400_000);
    expect(job!.result_chunks).toBeGreaterThan(1);
    const done = await result(key, res.body.id);
    const steps = done.body.result.routes.flatMap((r: any) => r.steps).filter((s: any) => s.type === 'job');
    expect(steps).toHaveLength(n);
    const byId = new Map(steps.map((s: any) => [s.id, s.metadata.blob]));
    for (const j of jobs) expect(byId.get(j.id)).toBe(j.metadata.blob);
  });

  it('refuses a body over the limit with 413', async () => {
    const { key } = await newOrgKey({ quotas: unthrottled });
    const huge = smallProblem({ description: 'x'.repeat(6 * 1024 * 1024 + 10) });
    const res = await submit(key, huge);
    expect(res.status).toBe(413);
  });
});

describe('submit validation through the handler', () => {
  it('names every broken rule with 400 and queues nothing', async () => {
    const { key, org } = await newOrgKey({ quotas: unthrottled });
    const res = await submit(
      key,
      smallProblem({
        jobs: [
          { id: 1, location_index: 9 },
          { id: 1, location_index: 0, priority: 101 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('jobs[1].priority');
    const semantic = await submit(
      key,
      smallProblem({
        jobs: [
          { id: 1, location_index: 9 },
          { id: 1, location_index: 0 },
        ],
      }),
    );
    expect(semantic.status).toBe(400);
    expect(semantic.body.message).toMatch(/jobs\[0\]\.location_index: must be less than the number of locations \(4\)/);
    expect(semantic.body.message).toMatch(/jobs\[1\]\.id: duplicate job id 1/);
    expect(await store.pendingCount(spaceOf(org, null), hashApiKey(key))).toBe(0);
  });

  it('answers 422 when no vehicle can take the steps of a relation', async () => {
    const { key } = await newOrgKey({ quotas: unthrottled });
    const res = await submit(
      key,
      smallProblem({
        jobs: [
          { id: 1, location_index: 1, skills: [7] },
          { id: 2, location_index: 2 },
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
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('relations[0]');
    expect(res.body.message).toMatch(/rule 4/);
  });

  it('refuses a webhook pointing at the service itself', async () => {
    const { key } = await newOrgKey({ quotas: unthrottled });
    const res = await submit(key, smallProblem({ options: { webhook: { url: 'https://api.example.com/optimization/v2' } } }), {
      Host: 'api.example.com',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('options.webhook.url: must not point at this service');
    const local = await submit(key, smallProblem({ options: { webhook: { url: 'http://localhost:3000/health' } } }));
    expect(local.status).toBe(400);
    const ftp = await submit(key, smallProblem({ options: { webhook: { url: 'ftp://example.com/x' } } }));
    expect(ftp.body.message).toBe('options.webhook.url: must be an http or https URL');
  });
});
