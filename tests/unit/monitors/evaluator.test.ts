import { describe, expect, it } from 'vitest';
import type { StoredGeofence } from '../../../shared/geofence/model';
import { compileFence } from '../../../shared/geo';
import { fenceInput } from '../../../shared/geofence/contain';
import { coverCells } from '../../../shared/geofence/cover';
import { MonitorEvaluator } from '../../../shared/monitors/evaluate';
import type { AssetState } from '../../../shared/monitors/engine';
import type { EventRecord, StoredMonitor } from '../../../shared/monitors/model';
import type { WebhookConfig, WebhookTarget } from '../../../shared/monitors/store';
import { MemoryEvaluationStore } from '../../fixtures/memory/monitors';
import { monitorListeners } from '../../../shared/monitors/tracking-listeners';
import { bindDevice, createAsset, deleteAsset } from '../../../shared/tracking/assets';
import type { TrackingContext } from '../../../shared/tracking/service';
import { uploadTrack } from '../../../shared/tracking/track';
import { MemoryTrackingStore } from '../../fixtures/memory/tracking';
import { monitor, pt, T0 } from './drive';

// The evaluator's orchestration with in-memory stores: conditional commits and
// retries, re-created assets, recovery, and webhooks only after a commit.

class MemoryEvaluation extends MemoryEvaluationStore {
  /** Commits to fail with a concurrent change before succeeding. */
  conflicts = 0;
  commits = 0;

  override async commit(
    space: string,
    asset: string,
    expected: number | null,
    next: { state: AssetState; assetCreatedAt: number },
    events: readonly EventRecord[],
    webhook?: WebhookTarget,
  ) {
    if (this.conflicts > 0) {
      this.conflicts--;
      // Someone else committed meanwhile: same state, bumped version.
      const k = `${space}\u0000${asset}`;
      const cur = this.items.get(k);
      this.items.set(k, { version: (cur?.version ?? 0) + 1, state: cur?.state ?? { m: {} }, assetCreatedAt: next.assetCreatedAt });
      return false;
    }
    const ok = await super.commit(space, asset, expected, next, events, webhook);
    if (ok) this.commits++;
    return ok;
  }
}

const fenceA: StoredGeofence = {
  rev: 'g1',
  createdKey: 'k',
  record: {
    id: 'A',
    type: 'polygon',
    tags: [],
    created_at: 0,
    updated_at: 0,
    geojson: {
      type: 'Polygon',
      coordinates: [
        [
          [13.0, 52.0],
          [13.02, 52.0],
          [13.02, 52.02],
          [13.0, 52.02],
          [13.0, 52.0],
        ],
      ],
    },
  },
};

/** Geofences behind a spatial index as the DynamoDB store keeps it (cover cells), counting what is read. */
class IndexedFences {
  readonly held = new Map<string, StoredGeofence>([['A', fenceA]]);
  listings = 0;
  readIds: string[] = [];

  async listedIn(_space: string, cell: string) {
    this.listings++;
    return [...this.held.values()]
      .filter((g) => coverCells(compileFence(fenceInput(g.record))).includes(cell))
      .map((g) => ({ id: g.record.id, rev: g.rev }));
  }
  async getListed(_space: string, wanted: readonly { id: string; rev: string }[]) {
    this.readIds.push(...wanted.map((w) => w.id));
    return wanted.flatMap((w) => (this.held.has(w.id) ? [this.held.get(w.id)!] : []));
  }
  async getMany(_space: string, ids: readonly string[]) {
    this.readIds.push(...ids);
    return ids.flatMap((id) => (this.held.has(id) ? [this.held.get(id)!] : []));
  }
}

function setup(
  monitors: StoredMonitor[],
  webhooks?: WebhookConfig,
  speedLimitAt?: (lat: number, lon: number) => number | undefined,
  cacheMs = 60_000,
) {
  const evaluation = new MemoryEvaluation();
  const geofences = new IndexedFences();
  const notified: EventRecord[] = [];
  const history: ReturnType<typeof pt>[] = [];
  const counter = { version: 0, reads: 0 };
  const evaluator = new MonitorEvaluator({
    monitors: {
      version: async () => (counter.reads++, counter.version),
      get: async () => undefined,
      listAll: async () => [...monitors],
      listAllAt: async () => [...monitors],
      create: async () => {},
      replace: async () => true,
      settle: async () => {},
      revert: async () => true,
      delete: async () => true,
    },
    geofences,
    evaluation,
    config: { getWebhooks: async () => webhooks, putWebhooks: async () => {} },
    send: async (_space, _key, e) => (notified.push(e), true),
    history: async (_s, _a, from, to) => history.filter((p) => p.timestamp > from && p.timestamp <= to),
    speedLimitAt,
    cacheMs,
  });
  return { evaluator, evaluation, notified, history, counter, geofences };
}

const input = (points: ReturnType<typeof pt>[], extra: Partial<Parameters<MonitorEvaluator['onTrack']>[0]> = {}) => ({
  space: 'org|',
  assetId: 'a1',
  assetKey: 'a1',
  assetCreatedAt: 100,
  attributes: {},
  points,
  now: T0,
  ...extra,
});

const LAT = 52.01;

describe('MonitorEvaluator', () => {
  it('follows tracking through the listeners of the tracking context: uploads evaluated, deleted assets purged', async () => {
    const { evaluator, evaluation } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    const ctx: TrackingContext = {
      store: new MemoryTrackingStore(),
      now: () => T0 + 60_000,
      listeners: monitorListeners(evaluator, evaluation, async () => true),
    };
    await createAsset(ctx, 'org|', { custom_id: 'a1' });
    await bindDevice(ctx, 'org|', 'a1', 'd');
    await uploadTrack(ctx, 'org|', 'a1', { device_id: 'd', locations: [pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)] });
    expect([...evaluation.events.values()].map((e) => [e.asset_id, e.event_type])).toEqual([['a1', 'enter']]);
    expect(evaluation.items.size).toBe(1);
    await deleteAsset(ctx, 'org|', 'a1');
    expect(evaluation.items.size).toBe(0);
    expect(evaluation.events.size).toBe(0);
  });

  it('writes nothing when the space has no monitors', async () => {
    const { evaluator, evaluation } = setup([]);
    expect(await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]))).toEqual([]);
    expect(evaluation.items.size).toBe(0);
  });

  it('uses a monitor written elsewhere on the very next upload: the change counter is read every time', async () => {
    const monitors: StoredMonitor[] = [];
    const { evaluator, counter } = setup(monitors);
    expect(await evaluator.onTrack(input([pt(LAT, 12.99, 0)]))).toEqual([]);
    // Another instance creates a monitor: the store's counter moves, this evaluator is not told.
    monitors.push(monitor('m', 'enter_and_exit', { geofence_ids: ['A'] }));
    counter.version++;
    const events = await evaluator.onTrack(input([pt(LAT, 12.99, 10), pt(LAT, 13.01, 20)], { previousLatestTs: T0 }));
    expect(events.map((e) => e.event_type)).toEqual(['enter']);
    expect(counter.reads).toBe(2);
  });

  it('keeps the loaded monitors while the change counter stands still', async () => {
    const monitors: StoredMonitor[] = [monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })];
    const { evaluator } = setup(monitors);
    await evaluator.onTrack(input([pt(LAT, 12.99, 0)]));
    // Not a write through the store (no counter bump): the cached context must still be used.
    monitors.length = 0;
    const events = await evaluator.onTrack(input([pt(LAT, 13.01, 10)], { previousLatestTs: T0 }));
    expect(events.map((e) => e.event_type)).toEqual(['enter']);
  });

  it('retries a commit that lost to a concurrent one, evaluating only what is still new', async () => {
    const { evaluator, evaluation } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    evaluation.conflicts = 2;
    const events = await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]));
    expect(events.map((e) => e.event_type)).toEqual(['enter']);
    expect(evaluation.commits).toBe(1);
    // The same points again: nothing new, no write.
    expect(await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]))).toEqual([]);
    expect(evaluation.commits).toBe(1);
  });

  it('a re-created asset (other created_at) starts from a fresh state', async () => {
    const { evaluator } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 100)]));
    // Older points than the old asset's watermark are evaluated for the new asset.
    const events = await evaluator.onTrack(input([pt(LAT, 12.99, 10), pt(LAT, 13.01, 20)], { assetCreatedAt: 200 }));
    expect(events.map((e) => `${e.event_type}@${(e.triggered_timestamp - T0) / 1000}`)).toEqual(['enter@20']);
  });

  it('recovers stored points whose evaluation never committed', async () => {
    const { evaluator, history } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    await evaluator.onTrack(input([pt(LAT, 12.99, 0)]));
    history.push(pt(LAT, 13.01, 10), pt(LAT, 12.99, 20)); // stored by an upload whose evaluation failed
    const events = await evaluator.onTrack(input([], { previousLatestTs: T0 + 20_000 }));
    expect(events.map((e) => `${e.event_type}@${(e.triggered_timestamp - T0) / 1000}`)).toEqual(['enter@10', 'exit@20']);
  });

  it('evaluates points of the history this upload did not bring (a concurrent upload stored them)', async () => {
    const { evaluator, history } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    await evaluator.onTrack(input([pt(LAT, 12.99, 0)]));
    const later = [pt(LAT, 13.01, 30), pt(LAT, 12.99, 40)];
    history.push(pt(LAT, 13.01, 10), pt(LAT, 12.99, 20), ...later);
    const events = await evaluator.onTrack(input(later, { previousLatestTs: T0, latestTs: T0 + 40_000 }));
    expect(events.map((e) => `${e.event_type}@${(e.triggered_timestamp - T0) / 1000}`)).toEqual([
      'enter@10',
      'exit@20',
      'enter@30',
      'exit@40',
    ]);
  });

  it('an upload that moves only the watermark writes no state; the next event still names the previous point', async () => {
    const { evaluator, evaluation, history } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    const upload = async (p: ReturnType<typeof pt>, previousLatestTs?: number) => {
      history.push(p);
      return evaluator.onTrack(input([p], { previousLatestTs, latestTs: p.timestamp }));
    };
    await upload(pt(LAT, 12.98, 0));
    expect(evaluation.commits).toBe(1);
    await upload(pt(LAT, 12.99, 10), T0);
    await upload(pt(LAT, 12.995, 20), T0 + 10_000);
    expect(evaluation.commits).toBe(1);
    const events = await upload(pt(LAT, 13.01, 30), T0 + 20_000);
    expect(events.map((e) => [e.event_type, e.triggered_location.timestamp - T0, (e.prev_location?.timestamp ?? 0) - T0])).toEqual([
      ['enter', 30_000, 20_000],
    ]);
    expect(evaluation.commits).toBe(2);
    // The exit at 40 is written; then the stored watermark trails by a minute at most.
    for (let s = 40; s <= 100; s += 10) await upload(pt(LAT, 12.99, s), T0 + (s - 10) * 1000);
    expect(evaluation.commits).toBe(3);
    await upload(pt(LAT, 12.99, 110), T0 + 100_000);
    expect(evaluation.commits).toBe(4);
    await upload(pt(LAT, 12.99, 170), T0 + 110_000);
    expect(evaluation.commits).toBe(4);
  });

  it('an upload with a late point in the stretch the watermark trails writes the state', async () => {
    const { evaluator, evaluation, history } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    history.push(pt(LAT, 12.99, 0));
    await evaluator.onTrack(input([pt(LAT, 12.99, 0)], { latestTs: T0 }));
    history.push(pt(LAT, 12.99, 20));
    await evaluator.onTrack(input([pt(LAT, 12.99, 20)], { previousLatestTs: T0, latestTs: T0 + 20_000 }));
    expect(evaluation.commits).toBe(1);
    history.push(pt(LAT, 12.98, 10));
    await evaluator.onTrack(input([], { previousLatestTs: T0 + 20_000, latestTs: T0 + 20_000, late: [T0 + 10_000] }));
    expect(evaluation.commits).toBe(2);
  });

  it('hands its road speed limits to use_admin_speed_limit monitors', async () => {
    // 50 km/h west of lon 13.01, 90 km/h east of it; a steady 70 km/h.
    const roads = (_lat: number, lon: number) => (lon < 13.01 ? 50 : 90) / 3.6;
    const { evaluator, evaluation } = setup(
      [monitor('s', 'speeding', { speeding_config: { use_admin_speed_limit: true, time_tolerance: 0 } })],
      undefined,
      roads,
    );
    const v = 70 / 3.6;
    const events = await evaluator.onTrack(
      input([pt(LAT, 13.0, 0, v), pt(LAT, 13.005, 30, v), pt(LAT, 13.015, 60, v), pt(LAT, 13.02, 90, v)]),
    );
    expect(events.map((e) => `${e.event_type}@${(e.triggered_timestamp - T0) / 1000}`)).toEqual(['speeding@0']);
    expect(events[0].extra.speed_limit).toBeCloseTo(50 / 3.6, 10);
    expect(evaluation.events.size).toBe(1);
  });

  it('notifies webhooks only for committed events, and only when URLs are configured', async () => {
    const cfg = { urls: ['https://example.com/hook'], keyHash: 'h', updated_at: 0 };
    const { evaluator, notified } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], cfg);
    await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]));
    await evaluator.onTrack(input([pt(LAT, 13.01, 10)]));
    expect(notified.map((e) => e.event_type)).toEqual(['enter']);
    const none = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })]);
    await none.evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]));
    expect(none.notified).toEqual([]);
  });

  describe('fences near the points', () => {
    const far: StoredGeofence = {
      ...fenceA,
      rev: 'g9',
      record: {
        ...fenceA.record,
        id: 'F',
        geojson: {
          type: 'Polygon',
          coordinates: [
            [
              [20, 40],
              [20.01, 40],
              [20.01, 40.01],
              [20, 40],
            ],
          ],
        },
      },
    };

    it('reads only the watched fences the index lists near the points, by id, and reuses the cell lists', async () => {
      const { evaluator, geofences } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'F'] })]);
      geofences.held.set('F', far);
      const events = await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]));
      expect(events.map((e) => e.event_type)).toEqual(['enter']);
      expect(geofences.readIds).toEqual(['A']);
      const listings = geofences.listings;
      // Same places again: cell lists and compiled fences come from the process.
      await evaluator.onTrack(input([pt(LAT, 13.01, 20)], { previousLatestTs: T0 + 10_000 }));
      expect(geofences.listings).toBe(listings);
      expect(geofences.readIds).toEqual(['A']);
    });

    it('an asset inside a fence that jumps far away exits it, though that fence is not loaded there', async () => {
      const { evaluator, geofences } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A', 'F'] })]);
      geofences.held.set('F', far);
      await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]));
      const events = await evaluator.onTrack(input([pt(-33.9, 151.2, 20)], { previousLatestTs: T0 + 10_000 }));
      expect(events.map((e) => `${e.event_type}:${e.geofence_id}`)).toEqual(['exit:A']);
    });

    it('a fence the asset was inside that was deleted meanwhile is forgotten without an exit', async () => {
      // Cell lists not reused: the delete is seen at once (otherwise within cacheMs).
      const { evaluator, geofences } = setup([monitor('m', 'enter_and_exit', { geofence_ids: ['A'] })], undefined, undefined, 0);
      await evaluator.onTrack(input([pt(LAT, 12.99, 0), pt(LAT, 13.01, 10)]));
      geofences.held.delete('A');
      expect(await evaluator.onTrack(input([pt(-33.9, 151.2, 20)], { previousLatestTs: T0 + 10_000 }))).toEqual([]);
      // Re-created under the same id later: the asset starts outside it, so entering gives an enter.
      geofences.held.set('A', { ...fenceA, rev: 'g2' });
      const back = await evaluator.onTrack(input([pt(LAT, 13.01, 30)], { previousLatestTs: T0 + 20_000 }));
      expect(back.map((e) => e.event_type)).toEqual(['enter']);
    });
  });
});
