import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as sweep } from '../../../functions/optimization/sweep';
import { optimization, workerDeps } from '../../../functions/optimization/deps';
import { createWorker } from '../../../functions/optimization/worker';
import { hashApiKey } from '../../../shared/auth/keys';
import { spaceOf } from '../../../shared/auth/model';
import { encodeBlob } from '../../../shared/platform/blob';
import { DynamoOptimizationJobStore } from '../../../shared/optimization/dynamo-store';
import { JOB_MAX_RECEIVE_COUNT, JOB_RETENTION_SECONDS, type JobRecord } from '../../../shared/optimization/model';
import { QUEUED_DEADLINE_SECONDS, sweepDepsOf, sweepJobs } from '../../../shared/optimization/sweep';
import { newOrgKey } from '../support/keys';
import {
  purge,
  queues,
  receive,
  receiveJob,
  receiver,
  result,
  runQueuedJob,
  runWebhookQueue,
  smallProblem,
  sqsEventOf,
  submit,
  unthrottled,
} from './support';

const store = new DynamoOptimizationJobStore();
const now = () => Math.floor(Date.now() / 1000);

/**
 * A job stored the way a submission stores it, `ageSeconds` ago, whose message never reached the
 * queue; `running`: claimed `attempts` times by workers that died (their leases have ended).
 */
async function stuckJob(
  space: string,
  keyHash: string,
  ageSeconds: number,
  options: { attempts?: number; webhook?: JobRecord['webhook'] } = {},
): Promise<string> {
  const id = randomUUID();
  const then = now() - ageSeconds;
  const blob = encodeBlob(smallProblem());
  await store.putBlob(space, id, 'REQ', blob.chunks, then + JOB_RETENTION_SECONDS);
  const job: JobRecord = {
    id,
    space,
    key_hash: keyHash,
    status: 'queued',
    created_at: then,
    updated_at: then,
    attempts: 0,
    request_chunks: blob.chunks.length,
    request_bytes: blob.rawBytes,
    warnings: [],
    webhook: options.webhook,
  };
  expect(await store.create(job, 25)).toBe(true);
  for (let i = 0; i < (options.attempts ?? 0); i++) expect(await store.claim(space, id, then + i, then + i + 1)).toBeDefined();
  return id;
}

/** Moves a key's counter by `delta` from what it holds: a slot leaked (up) or given back twice (down). */
async function drift(space: string, keyHash: string, delta: number): Promise<void> {
  const seen = await store.pendingCount(space, keyHash);
  expect(await store.correctPendingCount(space, keyHash, seen, seen + delta)).toBe(true);
}

describe('the optimization sweeper', () => {
  let key: string;
  let space: string;
  let keyHash: string;
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    const issued = await newOrgKey({ quotas: unthrottled });
    key = issued.key;
    space = spaceOf(issued.org, null);
    keyHash = hashApiKey(key);
    hook = await receiver();
  });
  afterAll(async () => {
    await hook.close();
    await purge(queues.jobs());
  });

  it('queues again a job whose message was lost or whose worker died, fails one out of attempts, and recounts', async () => {
    const queuedId = await stuckJob(space, keyHash, QUEUED_DEADLINE_SECONDS + 60);
    const diedId = await stuckJob(space, keyHash, 3600, { attempts: 1 });
    const lastId = await stuckJob(space, keyHash, 3600, {
      attempts: JOB_MAX_RECEIVE_COUNT,
      webhook: { url: hook.url, events: ['JOB_FAILED'], timeout: 5 },
    });
    const fresh = (await submit(key, smallProblem())).body.id as string;
    await drift(space, keyHash, 3); // three slots leaked
    expect(await store.pendingCount(space, keyHash)).toBe(7);

    const report = await sweep();
    expect(report.requeued).toEqual(expect.arrayContaining([queuedId, diedId]));
    expect(report.requeued).not.toContain(fresh);
    expect(report.failed).toContain(lastId);
    expect(report.corrected).toContainEqual({ space, keyHash, from: 6, to: 3 });
    expect(await store.pendingCount(space, keyHash)).toBe(3);
    expect(await store.get(space, diedId)).toMatchObject({ status: 'queued', attempts: 1 });

    const failed = await result(key, lastId);
    expect(failed.body).toMatchObject({ status: 'Error', result: { code: 1 } });
    expect(failed.body.message).toMatch(/worker stopped .* on attempt 5, the last one/);
    await runWebhookQueue();
    expect(hook.received.map((r) => JSON.parse(r.body))).toEqual([
      { event: 'JOB_FAILED', request_id: lastId, timestamp: expect.any(Number) },
    ]);

    // The requeued jobs are solved from their new messages; the fresh one was left to its own.
    for (const id of [queuedId, diedId, fresh]) expect((await runQueuedJob(id)).failed).toBe(false);
    expect((await result(key, diedId)).body.result.code).toBe(0);
    expect(await store.get(space, diedId)).toMatchObject({ status: 'completed', attempts: 2, result_attempt: 2 });
    expect(await store.pendingCount(space, keyHash)).toBe(0);

    // Nothing is stuck any more: a second sweep leaves this key alone.
    const again = await sweep();
    expect([...again.requeued, ...again.failed]).not.toContain(queuedId);
    expect(again.corrected.filter((c) => c.keyHash === keyHash)).toEqual([]);
  });

  it('corrects a leaked counter on a key that has no pending job', async () => {
    const idle = await newOrgKey({ quotas: unthrottled });
    const idleSpace = spaceOf(idle.org, null);
    const idleHash = hashApiKey(idle.key);
    const id = (await submit(idle.key, smallProblem())).body.id as string;
    expect((await runQueuedJob(id)).failed).toBe(false);
    await drift(idleSpace, idleHash, 2);
    const report = await sweep();
    expect(report.corrected).toContainEqual({ space: idleSpace, keyHash: idleHash, from: 2, to: 0 });
    expect(await store.pendingCount(idleSpace, idleHash)).toBe(0);
  });

  it('raises a counter below the true count, and leaves alone one that moves while it looks', async () => {
    const low = await newOrgKey({ quotas: unthrottled });
    const lowSpace = spaceOf(low.org, null);
    const lowHash = hashApiKey(low.key);
    const ids = [(await submit(low.key, smallProblem())).body.id as string, (await submit(low.key, smallProblem())).body.id as string];
    await drift(lowSpace, lowHash, -1); // a slot given back twice
    expect(await store.pendingCount(lowSpace, lowHash)).toBe(1);

    const busy = await newOrgKey({ quotas: unthrottled });
    const busySpace = spaceOf(busy.org, null);
    const busyHash = hashApiKey(busy.key);
    await submit(busy.key, smallProblem());
    await drift(busySpace, busyHash, 1);

    // The counter moves between the sweeper's two readings.
    const report = await sweepJobs({ ...sweepDepsOf(optimization()), settle: () => drift(busySpace, busyHash, 1) });
    expect(report.corrected).toContainEqual({ space: lowSpace, keyHash: lowHash, from: 1, to: 2 });
    expect(report.corrected.filter((c) => c.keyHash === busyHash)).toEqual([]);
    expect(await store.pendingCount(lowSpace, lowHash)).toBe(2);
    expect(await store.pendingCount(busySpace, busyHash)).toBe(3);
    for (const id of ids) expect((await runQueuedJob(id)).failed).toBe(false);
  });

  it('queues the final event a finished job still owes, once a minute has passed', async () => {
    const own = await receiver();
    try {
      const id = await stuckJob(space, keyHash, 3600, { webhook: { url: own.url, events: ['JOB_FAILED'], timeout: 5 } });
      const then = now() - 120;
      const claimed = (await store.claim(space, id, then, then + 1))!;
      const outcome = { status: 'failed', now: then, code: 2, message: 'refused' } as const;
      expect(await store.finish(claimed, outcome, { attempt: 1 })).toBe(true); // and the worker died before the event
      const report = await sweep();
      expect(report.notified).toContain(id);
      await runWebhookQueue();
      expect(own.received.map((r) => JSON.parse(r.body).event)).toEqual(['JOB_FAILED']);
      expect(own.received[0].headers['webhook-id']).toBe(`msg_${id}_JOB_FAILED`);
      expect((await sweep()).notified).not.toContain(id);
    } finally {
      await own.close();
    }
  });

  it('a failed attempt comes back after the retry delay, not after the queue visibility timeout', async () => {
    const broken = createWorker(
      () => ({
        ...workerDeps(),
        solve: () => {
          throw new Error('transient');
        },
      }),
      { retryDelaySeconds: 0 },
    );
    const id = (await submit(key, smallProblem())).body.id as string;
    const first = await receiveJob(id, queues.jobs(), 600); // invisible for 10 minutes unless the worker says otherwise
    const res = await broken(sqsEventOf([first], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 });
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: first.MessageId }]);
    expect((await receiveJob(id)).MessageId).toBe(first.MessageId);
    expect(await receive(queues.jobs())).toEqual([]);
  });
});
