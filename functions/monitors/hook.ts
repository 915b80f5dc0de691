import { DynamoMonitorStateStore } from '../../shared/monitors/dynamo-state';
import { onAssetDeleted, onTrackAccepted } from '../../shared/tracking/hooks';
import { monitorEvaluator } from './deps';

// Plugs monitor evaluation into the track-upload path (issue #8 §2), and drops an
// asset's events and evaluation state when the asset is deleted. Imported for its
// effect by functions/tracking/upload-track.ts and delete-asset.ts; registers once per process.
// A failure fails the upload (500); the client's retry evaluates the points
// the failed attempt stored (see MonitorEvaluator's recovery).

let registered = false;

export function registerMonitorHook(): void {
  if (registered) return;
  registered = true;
  onTrackAccepted(async (e) => {
    await monitorEvaluator().onTrack({
      space: e.space,
      assetId: e.asset.id,
      assetCreatedAt: e.asset.created_at,
      attributes: e.asset.attributes,
      points: e.forward,
      now: e.now,
      previousLatestTs: e.previousLatest?.timestamp,
      latestTs: e.asset.latest_location?.timestamp,
    });
  });
  onAssetDeleted((e) => new DynamoMonitorStateStore().purgeAsset(e.space, e.assetId));
}

registerMonitorHook();
