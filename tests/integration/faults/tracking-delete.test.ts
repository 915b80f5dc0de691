import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as purgeHandler } from '../../../functions/tracking/purge';
import { DynamoMonitorStateStore } from '../../../shared/monitors/dynamo-state';
import { createAsset, deleteAsset } from '../../../shared/tracking/assets';
import { dueWork } from '../../../shared/platform/work';
import { listLocations } from '../../../shared/tracking/history';
import { PURGE_SWEEP_AFTER_MS } from '../../../shared/tracking/purge';
import type { PurgeRequest } from '../../../shared/tracking/service';
import { sweepTrackingWork } from '../../../shared/tracking/sweep';
import { uploadTrack } from '../../../shared/tracking/track';
import { injectWriteFaults, type FaultKind, type WriteFaults } from './tracking-inject';
import { alternating, events, expectedWebhooks, keyOf, newAsset, shape, T0, world, type World } from './tracking-world';

// Deleting an asset: the asset, its index entry and a tombstone in one transaction, then the
// purge of its history, evaluation state, events and outbox. Every write of that path fails in
// turn (throttled, refused, or the process dies right after it); the client retries the DELETE
// (answered 200 while the tombstone is kept), a queued purge is delivered again, or the sweeper
// takes it up. Afterwards nothing of the asset is left, every event it had was announced, and an
// asset created again under the same id starts empty.

const KINDS: FaultKind[] = ['throttle', 'conditional', 'crash'];
const STORE = new DynamoMonitorStateStore();

let faults: WriteFaults;
beforeAll(() => {
  faults = injectWriteFaults();
});
afterAll(() => faults.restore());

/**
 * Runs the sweeper as its schedule would until `done`: the table also holds what other test files
 * left, and one run takes at most 100 due items per index shard.
 */
async function sweepUntil(w: World, now: number, done: () => Promise<boolean>): Promise<void> {
  for (let run = 1; !(await done()); run++) {
    expect(run, 'sweeper runs').toBeLessThanOrEqual(20);
    await sweepTrackingWork({ ctx: w.ctx, relay: (s, k) => w.evaluator.relay(s, k), now: () => now });
  }
}

/** An asset with history, two events, and their webhooks still waiting in the outbox. */
async function tracked(w: World, id: string): Promise<{ key: string; owed: string[] }> {
  await newAsset(w, id);
  w.queueDown.value = true;
  await uploadTrack(w.ctx, w.space, id, alternating(4));
  w.queueDown.value = false;
  return { key: await keyOf(w, id), owed: await expectedWebhooks(w, id) };
}

async function expectPurged(w: World, id: string, key: string, owed: string[], label: string): Promise<void> {
  expect(await w.ctx.store.getAsset(w.space, id), label).toBeNull();
  expect(await w.ctx.store.readHistory(w.space, key, 0, Number.MAX_SAFE_INTEGER), label).toEqual([]);
  expect(await STORE.read(w.space, key), label).toBeUndefined();
  expect((await STORE.pageEvents(w.space, key, { from: 0, to: T0 * 2, pn: 1, ps: 10 })).list, label).toEqual([]);
  expect((await w.ctx.store.findTombstone(w.space, id, w.ctx.now()))?.done, label).toBe(true);
  // Events that happened before the delete were still announced.
  for (const hook of owed) expect(w.sent, label).toContain(hook);
  // Created again: a new incarnation that sees nothing of the old one.
  await newAsset(w, id);
  expect(await events(w, id), label).toEqual([]);
  expect((await listLocations(w.ctx, w.space, id, { correction: { mapmatch: false, interpolate: false }, pn: 1, ps: 10 })).list).toEqual(
    [],
  );
  await uploadTrack(w.ctx, w.space, id, alternating(2, T0 + 100_000));
  expect(shape(await events(w, id)), label).toEqual(['speeding@100']);
}

describe('asset delete and purge under injected DynamoDB faults', () => {
  it('every write of delete and purge fails in turn: the retried DELETE answers 200 and the purge completes', async () => {
    const w = await world();
    let injected = 0;
    for (const kind of KINDS) {
      for (let at = 1; ; at++) {
        const id = `del-${kind}-${at}`;
        const { key, owed } = await tracked(w, id);
        faults.arm(at, kind);
        const first = await deleteAsset(w.ctx, w.space, id).then(
          () => 'ok',
          () => 'failed',
        );
        if (!faults.disarm()) {
          expect(first).toBe('ok');
          break;
        }
        injected++;
        // The client's retry: the asset may already be gone, the tombstone answers for it.
        await deleteAsset(w.ctx, w.space, id);
        await expectPurged(w, id, key, owed, `${kind} at write ${at}`);
      }
    }
    expect(injected).toBeGreaterThanOrEqual(3 * 5);
  }, 300_000);

  it('a DELETE retried after the purge finished still answers 200; an unknown id 404', async () => {
    const w = await world();
    await tracked(w, 'twice');
    await deleteAsset(w.ctx, w.space, 'twice');
    await deleteAsset(w.ctx, w.space, 'twice');
    await expect(deleteAsset(w.ctx, w.space, 'never')).rejects.toMatchObject({ status: 404 });
    // Another space never sees this space's tombstone.
    const other = await world();
    await expect(deleteAsset(other.ctx, other.space, 'twice')).rejects.toMatchObject({ status: 404 });
  });

  it('the purge queue: a message delivered again, or twice at once, purges once and answers success', async () => {
    const w = await world();
    const queued: PurgeRequest[] = [];
    const ctx = { ...w.ctx, queuePurge: async (r: PurgeRequest) => void queued.push(r) };
    const { key } = await tracked(w, 'queued');
    await deleteAsset(ctx, w.space, 'queued');
    expect(queued).toEqual([{ space: w.space, key }]);
    // Not purged yet, but nothing of it is visible: the asset is gone.
    expect(await w.ctx.store.readHistory(w.space, key, 0, Number.MAX_SAFE_INTEGER)).toHaveLength(4);
    await expect(events(w, 'queued')).rejects.toMatchObject({ status: 404 });
    const message = (n: number): SQSEvent =>
      ({ Records: [{ messageId: `m${n}`, body: JSON.stringify(queued[0]) }] }) as unknown as SQSEvent;
    const answers = await Promise.all([purgeHandler(message(1)), purgeHandler(message(2))]);
    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(await purgeHandler(message(3))).toEqual({ batchItemFailures: [] });
    // The real consumer announces through the real webhook queue; this world's recorder saw none.
    await expectPurged(w, 'queued', key, [], 'queued');
    // A malformed message is dropped, not retried forever.
    expect(await purgeHandler({ Records: [{ messageId: 'bad', body: '{"space":1}' }] } as unknown as SQSEvent)).toEqual({
      batchItemFailures: [],
    });
  });

  it('a purge that could not be queued is queued again by the sweeper', async () => {
    const w = await world();
    const ctx = {
      ...w.ctx,
      queuePurge: async () => {
        throw new Error('queue unavailable');
      },
    };
    const { key, owed } = await tracked(w, 'lost');
    await deleteAsset(ctx, w.space, 'lost'); // answered 200: the tombstone is durable
    const tomb = (await w.ctx.store.findTombstone(w.space, 'lost', w.ctx.now()))!;
    expect(tomb.done).toBe(false);
    const later = tomb.deletedAt + PURGE_SWEEP_AFTER_MS + 1;
    expect((await dueWork(later)).some((d) => d.kind === 'purge' && d.space === w.space && d.key === key)).toBe(true);
    await sweepUntil(w, later, async () => (await w.ctx.store.findTombstone(w.space, 'lost', w.ctx.now()))?.done === true);
    await expectPurged(w, 'lost', key, owed, 'swept');
    expect((await dueWork(later)).some((d) => d.space === w.space && d.key === key)).toBe(false);
  });

  it('the sweeper relays an outbox whose upload died after the commit', async () => {
    const w = await world();
    await newAsset(w, 'cut');
    // Writes 1 to 3 are the history, the asset's first index entry and the latest location; 4 commits
    // state, events and outbox.
    faults.arm(4, 'crash');
    await expect(uploadTrack(w.ctx, w.space, 'cut', alternating(4))).rejects.toThrow(/died/);
    expect(faults.disarm()).toBe(true);
    // Nobody retries: the events are stored, their webhooks wait for the sweeper.
    const owed = await expectedWebhooks(w, 'cut');
    expect(owed).toHaveLength(2);
    expect(w.sent).toEqual([]);
    await sweepUntil(w, Date.now() + 3600_000, async () => owed.every((hook) => w.sent.includes(hook)));
    expect(w.sent.filter((s) => owed.includes(s)).sort()).toEqual([...owed].sort());
  });
});

// A create never needs the purge: an id whose purge is still pending can be used again at once.
it('an id can be created again while its purge is still pending', async () => {
  const w = await world();
  const ctx = { ...w.ctx, queuePurge: async () => undefined };
  await tracked(w, 'again');
  await deleteAsset(ctx, w.space, 'again');
  await createAsset(w.ctx, w.space, { custom_id: 'again' });
  expect(await events(w, 'again')).toEqual([]);
});
