import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { internalFailureMessage } from '../../../shared/optimization/failure';
import { JOB_MAX_RECEIVE_COUNT } from '../../../shared/optimization/model';
import { result, smallProblem } from '../optimization/support';
import { HOOK, world } from './optimization-world';

// Route optimization jobs under faults: a DynamoDB write throttled or failing its condition (each
// write in turn, one scenario per write), the worker killed at each of its storage calls, every
// queue message (job, webhook, dead letter) delivered twice and newest first. Afterwards no job
// is stuck, no counter is off, no webhook event is lost (repeats keep their webhook-id), and every
// result reads back whole.

type World = Awaited<ReturnType<typeof world>>;

const JOBS = 2;
const problem = () => smallProblem({ options: { objective: { solving_time_limit: 1 }, webhook: { url: HOOK } } });

/** What must hold once the world has settled; `where` names the scenario in failures. */
async function expectSound(w: World, ids: string[], where: string, final: 'completed' | 'failed' = 'completed'): Promise<void> {
  expect(ids, where).toHaveLength(JOBS);
  expect(await w.unswept(), where).toEqual([]);
  expect(await w.store.pendingCount(w.principal.space, w.principal.keyHash), where).toBe(0);
  expect(w.lost, where).toEqual([]);
  for (const id of ids) {
    const res = await result(w.key, id);
    expect(res.status, where).toBe(200);
    expect((await w.store.get(w.principal.space, id))?.status, where).toBe(final);
    if (final === 'completed') {
      expect(res.body.status, where).toBe('Ok');
      const visited = res.body.result.routes.flatMap((r: any) => r.steps.filter((s: any) => s.type === 'job').map((s: any) => s.id));
      expect(visited.sort(), where).toEqual([11, 12, 13]);
    } else expect(res.body.status, where).toBe('Error');
  }
  const expected = ids.flatMap((id) => [`msg_${id}_JOB_CREATED`, `msg_${id}_JOB_${final === 'completed' ? 'COMPLETED' : 'FAILED'}`]);
  expect(new Set(w.received.map((r) => r.id)), where).toEqual(new Set(expected));
  for (const r of w.received) expect(r.id, where).toBe(`msg_${r.body.request_id}_${r.body.event}`);
  for (const id of expected) {
    const queued = w.queued.get(id) ?? 0;
    // At least once; a repeat only where a step ran again after a fault, and each queued copy posted at most twice.
    expect(queued, `${where}: ${id} queued`).toBeGreaterThanOrEqual(1);
    expect(queued, `${where}: ${id} queued`).toBeLessThanOrEqual(2);
    expect(w.received.filter((r) => r.id === id).length, `${where}: ${id} posted`).toBeLessThanOrEqual(2 * queued);
  }
}

beforeEach(() => {
  // Every scenario logs its faults; keep the test output readable.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('optimization jobs under faults', () => {
  /** Writes (all, conditional) and worker calls of a run without faults. */
  let clean: { writes: number; conditionalWrites: number; workerCalls: number };

  it('a run without faults: every job completes, every event arrives (and the figures the scenarios below step through)', async () => {
    const w = await world();
    w.plan('throttle', Number.MAX_SAFE_INTEGER); // count only
    const ids = await w.submit(problem(), JOBS);
    const { writes: submitWrites } = w.counts();
    await w.settle();
    const all = w.counts();
    await expectSound(w, ids, 'no fault');
    const k = await world();
    const kIds = await k.submit(problem(), 1);
    k.plan('hang', Number.MAX_SAFE_INTEGER);
    await k.settle();
    clean = { writes: all.writes, conditionalWrites: all.conditionalWrites, workerCalls: k.counts().calls };
    expect(kIds).toHaveLength(1);
    expect(submitWrites).toBeGreaterThanOrEqual(2 * JOBS);
    expect(clean.writes).toBeGreaterThan(submitWrites);
    expect(clean.workerCalls).toBeGreaterThanOrEqual(4);
  });

  for (const fault of ['throttle', 'conditional'] as const) {
    it(`${fault === 'throttle' ? 'ProvisionedThroughputExceeded' : 'a failed condition'} at each write in turn`, async () => {
      const total = fault === 'throttle' ? clean.writes : clean.conditionalWrites;
      expect(total).toBeGreaterThan(0);
      for (let n = 1; n <= total; n++) {
        const w = await world();
        w.plan(fault, n);
        const ids = await w.submit(problem(), JOBS);
        await w.settle();
        // Injected, unless this run made fewer writes than the clean one (a lagging index read there made one more).
        const after = w.counts();
        if (after.pending) expect(fault === 'throttle' ? after.writes : after.conditionalWrites, `${fault} at write ${n}`).toBeLessThan(n);
        await expectSound(w, ids, `${fault} at write ${n}`);
      }
    }, 600_000);
  }

  it('the worker killed at each of its storage calls in turn', async () => {
    for (let k = 1; k <= clean.workerCalls; k++) {
      const w = await world();
      const ids = await w.submit(problem(), JOBS);
      w.plan('hang', k);
      await w.settle();
      const after = w.counts();
      if (after.pending) expect(after.calls, `killed at call ${k}`).toBeLessThan(k);
      await expectSound(w, ids, `killed at call ${k}`);
    }
  }, 600_000);

  it('a send to the job queue or the webhook queue failing, each in turn', async () => {
    // Without faults: one job message per job; JOB_CREATED and JOB_COMPLETED per job.
    for (const [queue, sends] of [
      ['jobs', JOBS],
      ['webhooks', 2 * JOBS],
    ] as const) {
      for (let n = 1; n <= sends; n++) {
        const w = await world();
        w.planQueueFault(queue, n);
        const ids = await w.submit(problem(), JOBS);
        await w.settle();
        expect(w.counts().pending, `${queue} send ${n}: the fault was injected`).toBe(false);
        await expectSound(w, ids, `${queue} send ${n} failing`);
      }
    }
  }, 600_000);

  it('a job failing on every attempt is failed once; its dead-letter message, delivered twice, changes nothing', async () => {
    const w = await world({
      solve: () => {
        throw new Error('disk on fire');
      },
    });
    const ids = await w.submit(problem(), JOBS);
    await w.settle();
    await expectSound(w, ids, 'always failing', 'failed');
    for (const id of ids) {
      const job = await w.store.get(w.principal.space, id);
      // The last delivery of its message, or its last attempt, fails it (copies that met a live lease used deliveries up).
      expect(job?.attempts).toBeLessThanOrEqual(JOB_MAX_RECEIVE_COUNT);
      expect(job?.message).toBe(internalFailureMessage(id, job!.attempts));
    }
    const posted = w.received.length;
    for (const id of ids) w.deadLetter(id);
    await w.settle();
    expect(w.deadLettered()).toBeGreaterThanOrEqual(JOBS);
    expect(w.received).toHaveLength(posted);
    await expectSound(w, ids, 'always failing, dead-lettered', 'failed');
  });
});
