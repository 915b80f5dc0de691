import { count, emitMetrics } from '../platform/metrics';
import type { TrackingListeners } from '../tracking/hooks';
import { assetStorageKey } from '../tracking/model';
import type { MonitorEvaluator } from './evaluate';
import type { EventRecord } from './model';
import { evaluateRoamingUpload, type RoamingEvaluatorDeps, type RoamingPairs } from './roaming-evaluate';
import type { EvaluationStore, EventSender } from './store';

// How monitors follow tracking. Every accepted upload is evaluated before it is answered: a
// failure fails the upload (500), and the client's retry evaluates the points the failed
// attempt stored (see MonitorEvaluator's recovery). Roaming monitors follow on the asset's
// latest position when it moved. When a deleted asset incarnation is purged, its committed
// event webhooks are sent, then its evaluation state, events, outbox and pair state go.

/** What roaming monitors need beyond the evaluator: the pair store and the position index. */
export interface RoamingWiring {
  pairs: RoamingPairs & { purgeAsset(space: string, assetKey: string): Promise<void> };
  nearby: RoamingEvaluatorDeps['nearby'];
}

export function monitorListeners(
  evaluator: MonitorEvaluator,
  evaluation: Pick<EvaluationStore, 'purgeAsset' | 'relay'>,
  send: EventSender,
  /** Told the events each upload committed (the live channel pushes them). */
  announce?: (space: string, assetKey: string, events: EventRecord[]) => Promise<void>,
  roaming?: RoamingWiring,
): TrackingListeners {
  return {
    trackAccepted: [
      async (e) => {
        const assetKey = assetStorageKey(e.asset);
        const events = await evaluator.onTrack({
          space: e.space,
          assetId: e.asset.id,
          assetKey,
          assetCreatedAt: e.asset.created_at,
          attributes: e.asset.attributes,
          points: e.forward,
          now: e.now,
          previousLatestTs: e.previousLatest?.timestamp,
          latestTs: e.asset.latest_location?.timestamp,
          late: e.stored.filter((p) => p.timestamp <= (e.previousLatest?.timestamp ?? -Infinity)).map((p) => p.timestamp),
        });
        const latest = e.asset.latest_location;
        if (roaming && e.forward.length && latest) {
          const mover = { id: assetKey, attributes: e.asset.attributes, tags: e.asset.tags, at: latest.location, ts: latest.timestamp };
          const deps = { context: (space: string) => evaluator.latestContext(space), evaluation, send, ...roaming };
          events.push(...(await evaluateRoamingUpload(deps, e.space, mover, e.now)));
        }
        emitMetrics({ group: 'upload', dimensions: { Feature: 'monitors' }, values: { EventsEmitted: count(events.length) } });
        if (events.length) await announce?.(e.space, assetStorageKey(e.asset), events);
      },
    ],
    assetDeleted: [
      async (e) => {
        await evaluation.purgeAsset(e.space, e.assetKey, send);
        await roaming?.pairs.purgeAsset(e.space, e.assetKey);
      },
    ],
  };
}
