import { count, emitMetrics } from '../platform/metrics';
import type { TrackingListeners } from '../tracking/hooks';
import { assetStorageKey } from '../tracking/model';
import type { MonitorEvaluator } from './evaluate';
import type { EvaluationStore, EventSender } from './store';

// How monitors follow tracking. Every accepted upload is evaluated before it is answered: a
// failure fails the upload (500), and the client's retry evaluates the points the failed
// attempt stored (see MonitorEvaluator's recovery). When a deleted asset incarnation is purged,
// its committed event webhooks are sent, then its evaluation state, events and outbox go.
export function monitorListeners(
  evaluator: MonitorEvaluator,
  evaluation: Pick<EvaluationStore, 'purgeAsset'>,
  send: EventSender,
): TrackingListeners {
  return {
    trackAccepted: [
      async (e) => {
        const events = await evaluator.onTrack({
          space: e.space,
          assetId: e.asset.id,
          assetKey: assetStorageKey(e.asset),
          assetCreatedAt: e.asset.created_at,
          attributes: e.asset.attributes,
          points: e.forward,
          now: e.now,
          previousLatestTs: e.previousLatest?.timestamp,
          latestTs: e.asset.latest_location?.timestamp,
          late: e.stored.filter((p) => p.timestamp <= (e.previousLatest?.timestamp ?? -Infinity)).map((p) => p.timestamp),
        });
        emitMetrics({ group: 'upload', dimensions: { Feature: 'monitors' }, values: { EventsEmitted: count(events.length) } });
      },
    ],
    assetDeleted: [(e) => evaluation.purgeAsset(e.space, e.assetKey, send)],
  };
}
