import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTrack } from '../../../shared/tracking/track';
import { injectWriteFaults, type FaultKind, type WriteFaults } from './tracking-inject';
import { alternating, events, expectedWebhooks, keyOf, newAsset, shape, T0, uploadUntilOk, world, type World } from './tracking-world';

// Every write of an upload (history, latest location, evaluation commit, outbox staging, relay)
// fails in turn: throttled, refused as a concurrent change, or the process dies right after it.
// The client then retries the upload as it would (no answer or a 500), and the sweeper's relay
// runs. Afterwards the asset has exactly the events a fault-free upload gives, every one of
// them went to its webhook at least once (never one that was not stored), and the asset takes
// the next upload as usual: no event or webhook is lost, nothing is poisoned.

const KINDS: FaultKind[] = ['throttle', 'conditional', 'crash'];

let faults: WriteFaults;
beforeAll(() => {
  faults = injectWriteFaults();
});
afterAll(() => faults.restore());

/** Runs the upload with each of its writes failing in turn; returns how many faults were injected. */
async function everyWriteFails(w: World, name: string, points: number): Promise<number> {
  const body = alternating(points);
  const next = alternating(2, T0 + points * 1000 + 10_000);
  await newAsset(w, `${name}-control`);
  await uploadTrack(w.ctx, w.space, `${name}-control`, body);
  const expected = shape(await events(w, `${name}-control`));
  expect(expected).toHaveLength(points / 2);
  const checked = [`${name}-control`];
  for (const kind of KINDS) {
    for (let at = 1; ; at++) {
      const id = `${name}-${kind}-${at}`;
      await newAsset(w, id);
      faults.arm(at, kind);
      await uploadTrack(w.ctx, w.space, id, body).catch(() => undefined);
      checked.push(id);
      if (!faults.disarm()) break; // past the upload's last write
      await uploadUntilOk(w, id, body);
      await w.evaluator.relay(w.space, await keyOf(w, id)); // what the sweeper does
      const got = shape(await events(w, id));
      expect(got, `${kind} at write ${at}`).toEqual(expected);
      const owed = await expectedWebhooks(w, id);
      const sent = w.sent.filter((s) => owed.includes(s));
      expect(new Set(sent), `${kind} at write ${at}`).toEqual(new Set(owed));
      // Not poisoned: the next upload is evaluated as usual.
      await uploadTrack(w.ctx, w.space, id, next);
      expect(await events(w, id)).toHaveLength(expected.length + 1);
    }
  }
  // Every webhook sent belongs to a stored event of some asset.
  const stored = new Set<string>();
  for (const id of checked) for (const hook of await expectedWebhooks(w, id)) stored.add(hook);
  expect(w.sent.filter((s) => !stored.has(s))).toEqual([]);
  return checked.length - 1 - KINDS.length;
}

describe('monitor upload path under injected DynamoDB faults', () => {
  it('a few events (one transaction): every write fails in turn, nothing lost, duplicated or poisoned', async () => {
    const w = await world();
    expect(await everyWriteFails(w, 'small', 6)).toBeGreaterThanOrEqual(3 * 3);
  }, 120_000);

  it('a burst of 50 events with 100 long tags each (staged outbox): every write fails in turn', async () => {
    const w = await world({ longTags: true });
    expect(await everyWriteFails(w, 'burst', 100)).toBeGreaterThanOrEqual(3 * 10);
  }, 600_000);

  it('the webhook queue refusing: events are stored, webhooks wait in the outbox and go once it is back', async () => {
    const w = await world();
    await newAsset(w, 'q');
    w.queueDown.value = true;
    await uploadTrack(w.ctx, w.space, 'q', alternating(4));
    expect(shape(await events(w, 'q'))).toEqual(['speeding@0', 'speeding@2']);
    expect(w.sent).toEqual([]);
    expect(await w.evaluator.relay(w.space, await keyOf(w, 'q'))).toBe(false);
    w.queueDown.value = false;
    expect(await w.evaluator.relay(w.space, await keyOf(w, 'q'))).toBe(true);
    expect(w.sent).toEqual(await expectedWebhooks(w, 'q'));
    // Relayed: nothing is sent twice by later relays.
    await w.evaluator.relay(w.space, await keyOf(w, 'q'));
    expect(w.sent).toHaveLength(2);
  });
});
