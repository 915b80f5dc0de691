import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBlob } from '../../../shared/platform/blob';
import { JOB_LEASE_MARGIN_SECONDS, JOB_MAX_RECEIVE_COUNT, RESULT_CODE } from '../../../shared/optimization/model';
import { getResult } from '../../../shared/optimization/service';
import { resultBlobName } from '../../../shared/optimization/store';
import { QUEUED_DEADLINE_SECONDS, sweepDepsOf, sweepJobs } from '../../../shared/optimization/sweep';
import { failDeadLetter, LeaseHeld, runJob } from '../../../shared/optimization/worker';
import { harness, principal, quick } from './harness';

// One job, one attempt at a time, one committed result: leases, attempt-named results and the
// submission's write order, on the in-memory stores.

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

/** Names of the result blobs stored for a job. */
const resultBlobs = (h: ReturnType<typeof harness>, id: string) =>
  [...h.store.blobs.keys()]
    .filter((k) => k.includes(id))
    .map((k) => k.split('\u0000').at(-1))
    .filter((name) => name !== 'REQ');

describe('a job claimed under a lease', () => {
  it('a second delivery while the first runs backs off until the lease ends, and is dropped on its last delivery', async () => {
    const h = harness();
    const id = await h.submit();
    const [first, second] = await Promise.allSettled([
      runJob(h.jobQueue[0], h.delivery(1), h.deps),
      runJob(h.jobQueue[0], h.delivery(1), h.deps),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: 'completed' });
    expect(second.status).toBe('rejected');
    const held = (second as PromiseRejectedResult).reason as LeaseHeld;
    expect(held).toBeInstanceOf(LeaseHeld);
    // The lease covers the attempt's own work plus the margin, not the function's remaining 60 s.
    expect(held.retryAfterSeconds).toBeGreaterThan(0);
    expect(held.retryAfterSeconds).toBeLessThanOrEqual(JOB_LEASE_MARGIN_SECONDS + 10);
    expect(await h.job(id)).toMatchObject({ status: 'completed', attempts: 1 });

    const busy = harness();
    await busy.submit();
    const last = await Promise.all([
      runJob(busy.jobQueue[0], busy.delivery(1), busy.deps),
      runJob(busy.jobQueue[0], busy.delivery(JOB_MAX_RECEIVE_COUNT), busy.deps),
    ]);
    expect(last).toEqual(['completed', 'busy']);
  });

  it("an attempt that lost its lease to another cannot commit; its chunks go, the winner's result stays readable", async () => {
    const h = harness();
    const id = await h.submit();
    const putBlob = h.store.putBlob.bind(h.store);
    let overtaken = false;
    h.store.putBlob = async (space, jobId, name, chunks, expiresAt) => {
      if (name === resultBlobName(1) && !overtaken) {
        overtaken = true;
        // Attempt 1 stalls past its lease: a redelivery claims the job and completes it first.
        h.advance(3600);
        expect(await runJob(h.jobQueue[0], h.delivery(2), h.deps)).toBe('completed');
      }
      return putBlob(space, jobId, name, chunks, expiresAt);
    };
    expect(await runJob(h.jobQueue[0], h.delivery(1), h.deps)).toBe('skipped');
    expect(await h.job(id)).toMatchObject({ status: 'completed', attempts: 2, result_attempt: 2 });
    expect(resultBlobs(h, id)).toEqual(['RES@2']);
    expect((await getResult(h.deps, principal, id)).result).toMatchObject({ code: 0, unassigned: [] });
    expect(h.events()).toEqual(['JOB_CREATED', 'JOB_COMPLETED']);
  });

  it('a worker killed mid-job holds the job until its lease ends; then the redelivery runs it', async () => {
    const h = harness();
    const id = await h.submit();
    // Claimed as a worker that then died leaves it: running, leased, never finished.
    const now = Math.floor(h.deps.clock() / 1000);
    await h.store.claim(principal.space, id, now, now + 180);
    await expect(runJob(h.jobQueue[0], h.delivery(2), h.deps)).rejects.toBeInstanceOf(LeaseHeld);
    expect(await failDeadLetter(h.jobQueue[0], h.deps)).toBe('busy');
    expect(await h.job(id)).toMatchObject({ status: 'running', attempts: 1 });
    h.advance(181);
    expect(await runJob(h.jobQueue[0], h.delivery(3), h.deps)).toBe('completed');
    expect(await h.job(id)).toMatchObject({ status: 'completed', attempts: 2, result_attempt: 2 });
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(0);
  });

  it('a failed attempt gives its lease back, so the retry need not wait for it', async () => {
    let calls = 0;
    const h = harness((req, matrices, opts) => {
      if (calls++ === 0) throw new Error('transient');
      return quick(req, matrices, opts);
    });
    const id = await h.submit();
    await expect(runJob(h.jobQueue[0], h.delivery(1), h.deps)).rejects.toThrow('transient');
    expect((await h.job(id))!.lease_until).toBeUndefined();
    expect(await runJob(h.jobQueue[0], h.delivery(2), h.deps)).toBe('completed');
  });
});

describe('submission write order', () => {
  it('a job whose message could not be queued is answered, stored queued with its slot, and queued by the sweeper', async () => {
    const h = harness();
    const enqueue = h.deps.enqueue;
    h.deps.enqueue = async () => {
      throw new Error('queue unavailable');
    };
    const id = await h.submit();
    h.deps.enqueue = enqueue;
    expect(h.jobQueue).toEqual([]);
    expect(await h.job(id)).toMatchObject({ status: 'queued' });
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(1);

    const settle = async () => undefined;
    expect((await sweepJobs({ ...sweepDepsOf(h.deps), settle })).requeued).toEqual([]);
    h.advance(QUEUED_DEADLINE_SECONDS);
    expect((await sweepJobs({ ...sweepDepsOf(h.deps), settle })).requeued).toEqual([id]);
    expect(await runJob(h.jobQueue[0], h.delivery(1), h.deps)).toBe('completed');
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(0);
  });

  it('a refused submission (key at its limit) leaves no job and no request behind', async () => {
    const h = harness();
    for (let i = 0; i < 25; i++) await h.submit();
    const before = h.store.blobs.size;
    // The cheap check passes on a stale count; the transaction refuses.
    const pendingCount = h.store.pendingCount.bind(h.store);
    h.store.pendingCount = async () => 0;
    await expect(h.submit()).rejects.toMatchObject({ status: 429 });
    h.store.pendingCount = pendingCount;
    expect(h.store.jobs.size).toBe(25);
    expect(h.store.blobs.size).toBe(before);
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(25);
  });

  it('JOB_CREATED that could not be queued at submission is sent by the worker, with the same id', async () => {
    const h = harness();
    const enqueue = h.deps.webhooks.enqueue;
    h.deps.webhooks.enqueue = async () => {
      throw new Error('webhook queue unavailable');
    };
    const id = await h.submit();
    h.deps.webhooks.enqueue = enqueue;
    expect(h.events()).toEqual([]);
    expect(await runJob(h.jobQueue[0], h.delivery(1), h.deps)).toBe('completed');
    expect(h.webhookQueue.map((d) => d.id)).toEqual([`msg_${id}_JOB_CREATED`, `msg_${id}_JOB_COMPLETED`]);
    expect(await h.job(id)).toMatchObject({ created_event_sent: true, final_event_sent: true });
  });

  it('a final event that could not be queued has the message delivered again, which sends it', async () => {
    const h = harness();
    const id = await h.submit();
    const enqueue = h.deps.webhooks.enqueue;
    h.deps.webhooks.enqueue = async () => {
      throw new Error('webhook queue unavailable');
    };
    await expect(runJob(h.jobQueue[0], h.delivery(1), h.deps)).rejects.toThrow(/webhook event could not be queued/);
    expect(await h.job(id)).toMatchObject({ status: 'completed' });
    expect((await h.job(id))!.final_event_sent).toBeUndefined();
    h.deps.webhooks.enqueue = enqueue;
    expect(await runJob(h.jobQueue[0], h.delivery(2), h.deps)).toBe('skipped');
    expect(h.events()).toEqual(['JOB_CREATED', 'JOB_COMPLETED']);
  });
});

describe('reading a result', () => {
  it('a completed job whose stored result cannot be read answers an error body, not a 500', async () => {
    const h = harness();
    const id = await h.submit();
    expect(await runJob(h.jobQueue[0], h.delivery(1), h.deps)).toBe('completed');
    const job = (await h.job(id))!;
    // Two writers' chunks mixed, as results stored before attempts had their own could be.
    const good = encodeBlob({ result: randomBytes(2000).toString('hex') }, 500).chunks;
    const other = encodeBlob({ result: randomBytes(2000).toString('hex') }, 500).chunks;
    expect(good.length).toBeGreaterThan(2);
    await h.store.putBlob(principal.space, id, resultBlobName(job.result_attempt), [good[0], other[1], ...good.slice(2)], 0);
    h.store.jobs.get(`${principal.space}\u0000${id}`)!.result_chunks = good.length;
    const body = await getResult(h.deps, principal, id);
    expect(body).toMatchObject({ status: 'Error', result: { code: RESULT_CODE.internal } });
    expect(body.message).toMatch(/cannot be read; submit the problem again/);
  });
});
