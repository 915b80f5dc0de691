import { logger } from '../platform/log';
import { tell } from './hooks';
import { assetIdOfKey } from './model';
import type { PurgeRequest, TrackingContext } from './service';

// What a deleted asset incarnation left: its history, and through the assetDeleted listeners its
// monitor state, events and outbox. The delete itself only removes the asset and writes a
// tombstone (one transaction), so it answers quickly and never half-way; the purge runs from the
// queue (functions/tracking/purge.ts), is idempotent and resumes where it stopped (every step
// deletes what is still there), and the sweeper queues it again while the tombstone is not
// finished. Nothing of it is visible meanwhile: the asset is gone, and an asset created again
// with the same id is a new incarnation with keys of its own.

/** The queued purge waits this long, so requests of the deleted incarnation still running (HTTP functions stop after 29 s) are over. */
export const PURGE_DELAY_SECONDS = 60;
/** A tombstone whose purge has not finished after this long is queued again by the sweeper. */
export const PURGE_SWEEP_AFTER_MS = 10 * 60_000;
/** A finished tombstone is kept this long, so a retried DELETE still answers 200. */
export const TOMBSTONE_KEEP_MS = 24 * 3600_000;

/** Queues the purge (without a queue: runs it now). A failure to queue is left to the sweeper. */
export async function requestPurge(ctx: TrackingContext, space: string, key: string): Promise<void> {
  if (!ctx.queuePurge) return purgeIncarnation(ctx, { space, key });
  try {
    await ctx.queuePurge({ space, key });
  } catch (error) {
    logger.warn('asset purge could not be queued; the sweeper queues it again', { error });
  }
}

export async function purgeIncarnation(ctx: TrackingContext, request: PurgeRequest): Promise<void> {
  const { space, key } = request;
  await ctx.store.purgeHistory(space, key);
  await tell(ctx.listeners?.assetDeleted, { space, assetId: assetIdOfKey(key), assetKey: key });
  await ctx.store.finishPurge(space, key, ctx.now() + TOMBSTONE_KEEP_MS);
}
