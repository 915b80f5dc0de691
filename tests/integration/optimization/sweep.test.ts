import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as sweep } from '../../../functions/optimization/sweep';
import { optimization, workerDeps } from '../../../functions/optimization/deps';
import { createWorker } from '../../../functions/optimization/worker';
import { hashApiKey } from '../../../shared/auth/keys';
import { spaceOf } from '../../../shared/auth/model';
import { encodeBlob } from '../../../shared/platform/blob';
import { DynamoOptimizationJobStore } from '../../../shared/optimization/dynamo-store';
import { JOB_RETENTION_SECONDS, JOB_WORKER_TIMEOUT_SECONDS, type JobRecord } from '../../../shared/optimization/model';
import { QUEUED_DEADLINE_SECONDS, RUNNING_MARGIN_SECONDS, sweepDepsOf, sweepJobs } from '../../../shared/optimization/sweep';
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

/** A job stored the way a submission stores it, `ageSeconds` ago, whose message never reached the queue. */
async function stuckJob(
  space: string,
  keyHash: string,
  status: 'queued' | 'running',
  ageSeconds: number,
  webhook?: JobRecord['webhook'],
): Promise<string> {
  const id = randomUUID();
  const then = now() - ageSeconds;
  expect(await store.reservePending(space, keyHash, 25)).toBe(true);
  const blob = encodeBlob(smallProblem());
  await store.putBlob(space, id, 'REQ', blob.chunks, then + JOB_RETENTION_SECONDS);
  await store.create({
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
    webhook,
  });
  if (status === 'running') await store.markRunning(space, id, then);
  return id;
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

  it('queues a stuck queued job again, fails a stuck running one, and sets the counter to the true count', async () => {
    const queuedId = await stuckJob(space, keyHash, 'queued', QUEUED_DEADLINE_SECONDS + 60);
    const runningId = await stuckJob(space, keyHash, 'running', JOB_WORKER_TIMEOUT_SECONDS + RUNNING_MARGIN_SECONDS + 60, {
      url: hook.url,
      events: ['JOB_FAILED'],
      timeout: 5,
    });
    const fresh = (await submit(key, smallProblem())).body.id as string;
    // Three slots taken by submissions that died before storing a job.
    for (let i = 0; i < 3; i++) expect(await store.reservePending(space, keyHash, 25)).toBe(true);
    expect(await store.pendingCount(space, keyHash)).toBe(6);

    const report = await sweep();
    expect(report.requeued).toContain(queuedId);
    expect(report.requeued).not.toContain(fresh);
    expect(report.failed).toContain(runningId);
    expect(report.corrected).toContainEqual({ space, keyHash, from: 5, to: 2 });
    expect(await store.pendingCount(space, keyHash)).toBe(2);

    const failed = await result(key, runningId);
    expect(failed.body).toMatchObject({ status: 'Error', result: { code: 1 } });
    expect(failed.body.message).toMatch(/worker stopped/);
    await runWebhookQueue();
    expect(hook.received.map((r) => JSON.parse(r.body))).toEqual([
      { event: 'JOB_FAILED', request_id: runningId, timestamp: expect.any(Number) },
    ]);

    // The requeued job is solved from its new message; the fresh one was left to its own.
    expect((await runQueuedJob(queuedId)).failed).toBe(false);
    expect((await result(key, queuedId)).body.result.code).toBe(0);
    expect((await runQueuedJob(fresh)).failed).toBe(false);
    expect(await store.pendingCount(space, keyHash)).toBe(0);

    // Nothing is stuck any more: a second sweep leaves this key alone.
    const again = await sweep();
    expect([...again.requeued, ...again.failed]).not.toContain(queuedId);
    expect(again.corrected.filter((c) => c.keyHash === keyHash)).toEqual([]);
  });

  it('raises a counter below the true count, and leaves alone one that moves while it looks', async () => {
    const low = await newOrgKey({ quotas: unthrottled });
    const lowSpace = spaceOf(low.org, null);
    const lowHash = hashApiKey(low.key);
    const ids = [(await submit(low.key, smallProblem())).body.id as string, (await submit(low.key, smallProblem())).body.id as string];
    await store.releasePending(lowSpace, lowHash); // a slot given back twice
    expect(await store.pendingCount(lowSpace, lowHash)).toBe(1);

    const busy = await newOrgKey({ quotas: unthrottled });
    const busySpace = spaceOf(busy.org, null);
    const busyHash = hashApiKey(busy.key);
    await submit(busy.key, smallProblem());
    await store.reservePending(busySpace, busyHash, 25);

    // A submission takes a slot between the sweeper's two readings.
    const report = await sweepJobs({
      ...sweepDepsOf(optimization()),
      settle: () => store.reservePending(busySpace, busyHash, 25).then(() => undefined),
    });
    expect(report.corrected).toContainEqual({ space: lowSpace, keyHash: lowHash, from: 1, to: 2 });
    expect(report.corrected.filter((c) => c.keyHash === busyHash)).toEqual([]);
    expect(await store.pendingCount(lowSpace, lowHash)).toBe(2);
    expect(await store.pendingCount(busySpace, busyHash)).toBe(3);
    for (const id of ids) expect((await runQueuedJob(id)).failed).toBe(false);
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
