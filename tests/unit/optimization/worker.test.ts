import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_MAX_RECEIVE_COUNT, RESULT_CODE } from '../../../shared/optimization/model';
import { internalFailureMessage } from '../../../shared/optimization/failure';
import { getResult } from '../../../shared/optimization/service';
import { failDeadLetter, runJob } from '../../../shared/optimization/worker';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { NetworkRegistry } from '../../../shared/roads';
import { processDelivery } from '../../../shared/webhooks/delivery';
import { verify } from '../../../shared/webhooks/sign';
import { harness, HOOK, principal, quick } from './harness';

// The worker's job lifecycle on the in-memory stores, with fake job and webhook queues:
// submit -> queued, a delivery -> running -> completed (or retryable, or failed on the last one).

beforeEach(() => {
  setRoadNetworks(new NetworkRegistry());
  // The worker logs a JSON line per step; keep the test output readable.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => {
  vi.restoreAllMocks();
  setRoadNetworks(undefined);
});

describe('optimization worker on in-memory stores', () => {
  it('takes a job from queued through running to completed, with a result that visits every job', async () => {
    const statusesWhileSolving: string[] = [];
    const h = harness((req, matrices, opts) => {
      statusesWhileSolving.push(...[...h.store.jobs.values()].map((j) => `${j.status}/${j.attempts}`));
      return quick(req, matrices, opts);
    });
    const id = await h.submit();
    expect(await h.job(id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(h.jobQueue).toEqual([{ space: principal.space, id }]);
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(1);

    expect(await runJob(h.jobQueue[0], h.delivery(1), h.deps)).toBe('completed');
    expect(statusesWhileSolving).toEqual(['running/1']);
    expect(await h.job(id)).toMatchObject({ status: 'completed', attempts: 1, code: 0 });
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(0);

    const body = await getResult(h.deps, principal, id);
    expect(body).toMatchObject({ status: 'Ok', message: '', description: 'unit' });
    const result = body.result as { code: number; summary: Record<string, number>; routes: any[]; unassigned: unknown[] };
    expect(result.code).toBe(0);
    expect(result.unassigned).toEqual([]);
    expect(result.routes).toHaveLength(1);
    const visited = result.routes[0].steps.filter((s: any) => s.type === 'job').map((s: any) => s.id);
    expect(visited.sort()).toEqual([11, 12]);
    // Depot -> 11 -> 12 -> depot (or the reverse) drives 600 + 400 + 900 s and 19 km, plus 2 x 30 s of service.
    expect(result.summary).toMatchObject({ duration: 1900, distance: 19_000, service: 60 });

    // JOB_CREATED and JOB_COMPLETED were queued; delivered, each is signed with the key's secret.
    expect(h.events()).toEqual(['JOB_CREATED', 'JOB_COMPLETED']);
    expect((await h.job(id))!.final_event_sent).toBe(true);
    for (const d of h.webhookQueue) expect((await processDelivery(d, h.deps.webhooks)).ok).toBe(true);
    const { secret } = (await h.secrets.get(principal.space, principal.keyHash))!;
    expect(h.posted.map((p) => p.url)).toEqual([HOOK, HOOK]);
    for (const p of h.posted) expect(verify(secret, p.headers, p.body, Math.floor(Date.now() / 1000))).toBe(true);

    // A redelivery of the finished job's message changes nothing.
    expect(await runJob(h.jobQueue[0], h.delivery(2), h.deps)).toBe('skipped');
    expect(h.events()).toEqual(['JOB_CREATED', 'JOB_COMPLETED']);
  });

  it('a crash mid-solve leaves the job running and its slot taken; the next delivery completes it', async () => {
    let calls = 0;
    const h = harness((req, matrices, opts) => {
      if (calls++ === 0) throw new Error('simulated crash');
      return quick(req, matrices, opts);
    });
    const id = await h.submit();
    await expect(runJob(h.jobQueue[0], h.delivery(1), h.deps)).rejects.toThrow('simulated crash');
    expect(await h.job(id)).toMatchObject({ status: 'running', attempts: 1 });
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(1);
    expect(await getResult(h.deps, principal, id)).toMatchObject({ status: 'Ok', message: 'Job still processing' });
    expect(h.events()).toEqual(['JOB_CREATED']);

    expect(await runJob(h.jobQueue[0], h.delivery(2), h.deps)).toBe('completed');
    expect(await h.job(id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect((await getResult(h.deps, principal, id)).result).toMatchObject({ code: 0, unassigned: [] });
  });

  it('the last delivery fails the job with the error, frees its slot and sends JOB_FAILED', async () => {
    const h = harness(() => {
      throw new Error('disk on fire');
    });
    const id = await h.submit();
    for (let receiveCount = 1; receiveCount <= JOB_MAX_RECEIVE_COUNT; receiveCount++) {
      await expect(runJob(h.jobQueue[0], h.delivery(receiveCount), h.deps)).rejects.toThrow('disk on fire');
      expect((await h.job(id))!.status).toBe(receiveCount < JOB_MAX_RECEIVE_COUNT ? 'running' : 'failed');
    }
    expect(await h.job(id)).toMatchObject({ status: 'failed', attempts: JOB_MAX_RECEIVE_COUNT, code: RESULT_CODE.internal });
    expect(await h.store.pendingCount(principal.space, principal.keyHash)).toBe(0);
    const body = await getResult(h.deps, principal, id);
    expect(body).toMatchObject({ status: 'Error', result: { code: RESULT_CODE.internal } });
    expect(body.message).toBe(internalFailureMessage(id, JOB_MAX_RECEIVE_COUNT));
    expect(h.events()).toEqual(['JOB_CREATED', 'JOB_FAILED']);
    // The dead-letter consumer then finds it already failed.
    expect(await failDeadLetter(h.jobQueue[0], h.deps)).toBe('skipped');
    expect(h.events()).toEqual(['JOB_CREATED', 'JOB_FAILED']);
  });
});
