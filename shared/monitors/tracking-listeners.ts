import type { TrackingListeners } from '../tracking/hooks';
import type { MonitorEvaluator } from './evaluate';
import type { EvaluationStore } from './store';

// How monitors follow tracking. Every accepted upload is evaluated before it is answered: a
// failure fails the upload (500), and the client's retry evaluates the points the failed
// attempt stored (see MonitorEvaluator's recovery). A deleted asset's events and evaluation
// state go with it.
export function monitorListeners(evaluator: MonitorEvaluator, evaluation: Pick<EvaluationStore, 'purgeAsset'>): TrackingListeners {
  return {
    trackAccepted: [
      async (e) => {
        await evaluator.onTrack({
          space: e.space,
          assetId: e.asset.id,
          assetCreatedAt: e.asset.created_at,
          attributes: e.asset.attributes,
          points: e.forward,
          now: e.now,
          previousLatestTs: e.previousLatest?.timestamp,
          latestTs: e.asset.latest_location?.timestamp,
        });
      },
    ],
    assetDeleted: [(e) => evaluation.purgeAsset(e.space, e.assetId)],
  };
}
