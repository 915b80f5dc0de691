import { config as settings } from '../../shared/platform/config';
import { MonitorEvaluator } from '../../shared/monitors/evaluate';
import { roadSpeedLimitAt, roadSpeedLimitsAvailable } from '../../shared/monitors/roads';
import { MonitorService } from '../../shared/monitors/service';
import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { DynamoMonitorStateStore } from '../../shared/monitors/dynamo-state';
import { DynamoMonitorStore } from '../../shared/monitors/dynamo-store';
import { eventSender } from '../../shared/monitors/webhooks';
import { assetStorageKey } from '../../shared/tracking/model';
import { webhookDelivery } from '../webhooks/deps';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';

// The monitor service and evaluator of this process, built on first use.

let service: MonitorService | undefined;
let evaluator: MonitorEvaluator | undefined;

let built: ReturnType<typeof buildStores> | undefined;

function buildStores() {
  const monitorStore = new DynamoMonitorStore();
  return {
    monitors: monitorStore,
    config: monitorStore,
    geofences: new DynamoGeofenceStore(),
    evaluation: new DynamoMonitorStateStore(),
    // Assets and their history, read for the event list and for evaluation recovery.
    tracking: new DynamoTrackingStore(),
  };
}

/** How committed events are handed to their webhooks (the shared delivery queue). */
export const monitorEventSender = eventSender(webhookDelivery);

/** The DynamoDB adapters both the service and the evaluator work on. */
export const monitorStores = () => (built ??= buildStores());

export function monitorEvaluator(): MonitorEvaluator {
  if (!evaluator) {
    const { tracking, ...stores } = monitorStores();
    evaluator = new MonitorEvaluator({
      ...stores,
      send: monitorEventSender,
      history: (space, assetId, from, to) => tracking.readHistory(space, assetId, from + 1, to),
      speedLimitAt: roadSpeedLimitAt,
      cacheMs: settings.monitorCacheMs(),
    });
  }
  return evaluator;
}

export function monitors(): MonitorService {
  if (!service) {
    const { tracking, ...stores } = monitorStores();
    service = new MonitorService({
      ...stores,
      assetKey: async (space, id) => {
        const asset = await tracking.getAsset(space, id);
        return asset ? assetStorageKey(asset) : undefined;
      },
      relay: (space, key) => monitorEvaluator().relay(space, key),
      roadSpeedLimits: roadSpeedLimitsAvailable,
      changed: (space) => monitorEvaluator().invalidate(space),
    });
  }
  return service;
}
