import { logger } from '../platform/log';
import { dropStoredWork, dueWork, postponeWork, storedElsewhere } from '../platform/work';
import { PURGE_SWEEP_AFTER_MS, requestPurge } from './purge';
import type { TrackingContext } from './service';

// The tracking sweeper (scheduled): finishes the background work a crash or a lost message left
// behind. Every item on the work table's due index is either a tombstone whose purge has not
// finished (queued again) or an asset whose monitor outbox was not fully relayed (relayed now).

export interface SweepDeps {
  ctx: TrackingContext;
  /** Relays an asset's monitor outbox; true when nothing committed is left in it. */
  relay: (space: string, assetKey: string) => Promise<boolean>;
  now?: () => number;
}

export interface TrackingSweepReport {
  purgesRequested: number;
  relayed: number;
  failed: number;
}

export async function sweepTrackingWork(deps: SweepDeps): Promise<TrackingSweepReport> {
  const now = (deps.now ?? Date.now)();
  const report: TrackingSweepReport = { purgesRequested: 0, relayed: 0, failed: 0 };
  for (const work of await dueWork(now)) {
    try {
      if (work.kind === 'purge') {
        // Next look first: a purge that finishes right away takes the tombstone off the index itself.
        await postponeWork(work, now + PURGE_SWEEP_AFTER_MS);
        await requestPurge(deps.ctx, work.space, work.key);
        report.purgesRequested++;
      } else {
        if (await deps.relay(work.space, work.key)) {
          report.relayed++;
          // An item left under the unsharded key of an older version: its relay is done now.
          if (storedElsewhere(work)) await dropStoredWork(work);
        } else report.failed++;
      }
    } catch (error) {
      report.failed++;
      logger.error('tracking background work failed; the next sweep retries it', { kind: work.kind, error });
    }
  }
  if (report.failed) logger.warn('tracking sweep left work for the next run', { ...report });
  return report;
}
