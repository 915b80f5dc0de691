import type { TrackingContext } from '../../shared/tracking/service';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';

// The tracking service's dependencies, built once per process after env is set.
let ctx: TrackingContext | undefined;

export function trackingContext(): TrackingContext {
  return (ctx ??= { store: new DynamoTrackingStore(), now: () => Date.now() });
}
