import { sweepTrackingWork, type TrackingSweepReport } from '../../shared/tracking/sweep';
import { monitorEvaluator } from '../monitors/deps';
import { trackingContext } from './deps';

// Scheduled by functions/tracking/functions.yml: queues again the purges of deleted assets that
// did not finish and relays monitor outboxes an upload left (shared/tracking/sweep.ts).
export const handler = async (): Promise<TrackingSweepReport> =>
  sweepTrackingWork({ ctx: trackingContext(), relay: (space, key) => monitorEvaluator().relay(space, key) });
