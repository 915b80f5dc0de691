import { createHash } from 'node:crypto';
import { config as settings } from '../../shared/platform/config';
import { MonitorEvaluator, type Notifier } from '../../shared/monitors/evaluate';
import { eventId } from '../../shared/monitors/model';
import { roadSpeedLimitAt, roadSpeedLimitsAvailable } from '../../shared/monitors/roads';
import { MonitorService } from '../../shared/monitors/service';
import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { DynamoMonitorStateStore } from '../../shared/monitors/dynamo-state';
import { DynamoMonitorStore } from '../../shared/monitors/dynamo-store';
import { emitWebhook, webhookQueueUrl } from '../../shared/webhooks/delivery';
import { webhookDelivery } from '../webhooks/deps';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';

// The monitor service and evaluator of this process, built on first use.

let service: MonitorService | undefined;
let evaluator: MonitorEvaluator | undefined;

/** Webhook id of an event: the same on every attempt (and for every URL). */
export function webhookId(space: string, assetId: string, eventKey: string): string {
  return `evt_${createHash('sha256').update(`${space}\u0000${assetId}\u0000${eventKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * Every event goes to every configured URL through the one delivery module
 * (signed, retried with backoff). With a queue that is one SQS send per
 * delivery; without one (a bare process) delivery runs in the background so
 * the upload is not held up.
 */
export const notifyWebhooks: Notifier = async (space, events, config) => {
  const sends = events.flatMap((e) =>
    config.urls.map((url) =>
      emitWebhook(
        {
          id: webhookId(space, e.asset_id, eventId(e)),
          event: `monitor.${e.event_type}`,
          url,
          payload: { event: e.event_type, data: e },
          space,
          keyHash: config.keyHash,
        },
        webhookDelivery(),
      ),
    ),
  );
  if (webhookQueueUrl()) await Promise.all(sends);
  else void Promise.all(sends);
};

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

/** The DynamoDB adapters both the service and the evaluator work on. */
export const monitorStores = () => (built ??= buildStores());

export function monitorEvaluator(): MonitorEvaluator {
  if (!evaluator) {
    const { tracking, ...stores } = monitorStores();
    evaluator = new MonitorEvaluator({
      ...stores,
      notify: notifyWebhooks,
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
      assetExists: async (space, id) => (await tracking.getAsset(space, id)) !== null,
      roadSpeedLimits: roadSpeedLimitsAvailable,
      changed: (space) => monitorEvaluator().invalidate(space),
    });
  }
  return service;
}
