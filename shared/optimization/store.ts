import type { JobRecord } from './model';

// What the route optimization service needs from storage: jobs, their gzipped request and
// result blobs, and the per-key count of pending jobs. The DynamoDB adapter is
// shared/optimization/dynamo-store.ts; every method is confined to the caller's space except
// the sweeper's listings (jobsToSweep, pendingCounters), which cross every space.
//
// Why optimization jobs do not use the platform's JobStore and job runner (shared/platform/
// job-store.ts, job-runner.ts), which the matrix and batch jobs share. Both keep the same item
// layout and chunked blobs (shared/platform/job-chunks.ts), the same queue message and the same
// queued -> running -> completed | failed order, but an optimization job also:
//  - takes one of its API key's pending slots at submit and frees it exactly once at the end,
//    in the same transactions (create, finish), so a key's pending limit holds under concurrency;
//  - runs under a lease (claim, releaseLease, ClaimGuard): the sweeper and the requeue after a
//    local restart send a job's message again while one may be in flight, and a solve may run
//    for 15 minutes, so a second message must not start a second attempt on a live one. A
//    matrix or batch job has one message only, and SQS alone redelivers it;
//  - keeps each attempt's result apart (RES@<attempt>) so a late attempt never overwrites the
//    one that finished, where matrix and batch parts are rewritten with the same content;
//  - owes webhook events (created, final), which keep it listed for the sweeper until queued.
// Folding these into the platform store would give the matrix and batch jobs counters, leases
// and indexes they have no use for, and change the items existing jobs were stored as.

/**
 * A blob's name within its job: the request, or the result of one attempt (`RES@<attempt>`), so
 * two attempts never write the same chunks. `RES` alone names results stored before that.
 */
export type BlobName = 'REQ' | 'RES' | `RES@${number}`;

export const resultBlobName = (attempt: number | undefined): BlobName => (attempt === undefined ? 'RES' : `RES@${attempt}`);

/** How a pending job ends. A completed job's result is the chunks its attempt stored. */
export type JobOutcome =
  | { status: 'completed'; now: number; attempt: number; resultChunks: number; resultBytes: number; warnings: string[] }
  | { status: 'failed'; now: number; code: number; message: string };

/** What a write on a pending job must still find, beyond the job being pending. */
export interface ClaimGuard {
  /** The claim that must still hold the job (its `attempts`). */
  attempt?: number;
  /** Unix seconds by which the job's lease must have ended: no worker holds it. */
  leaseEndedBy?: number;
}

/** One key's pending counter. */
export interface KeyCounter {
  space: string;
  keyHash: string;
  count: number;
}

export type JobForFinish = Pick<JobRecord, 'space' | 'id' | 'key_hash' | 'webhook'>;

export interface OptimizationJobStore {
  /** The key's pending (queued + running) jobs as counted (strongly consistent). */
  pendingCount(space: string, keyHash: string): Promise<number>;
  putBlob(space: string, id: string, name: BlobName, chunks: Uint8Array[], expiresAt: number): Promise<void>;
  /** The `count` chunks of a blob, in order; throws UnreadableBlob when some are missing. */
  getBlob(space: string, id: string, name: BlobName, count: number): Promise<Uint8Array[]>;
  deleteBlob(space: string, id: string, name: BlobName, count: number): Promise<void>;
  /**
   * Stores a new queued job and takes one of its key's pending slots, in one transaction (exact
   * under concurrency); false, with nothing written, when `limit` are taken. Store its request
   * blob first.
   */
  create(job: JobRecord, limit: number): Promise<boolean>;
  get(space: string, id: string): Promise<JobRecord | undefined>;
  /**
   * Claims a job for a new attempt: a queued job, or a running one whose lease ended by `now`,
   * becomes running, `attempts` + 1, leased until `leaseUntil`. Undefined when it cannot be
   * claimed (finished, gone, or held by a live lease).
   */
  claim(space: string, id: string, now: number, leaseUntil: number): Promise<JobRecord | undefined>;
  /** Moves the lease of the attempt `job.attempts` to `leaseUntil`; false when that attempt no longer holds the job. */
  renewLease(job: Pick<JobRecord, 'space' | 'id' | 'attempts'>, leaseUntil: number): Promise<boolean>;
  /** Ends the lease of a failed attempt early, so that a retry may claim the job at once. */
  releaseLease(job: Pick<JobRecord, 'space' | 'id' | 'attempts'>): Promise<void>;
  /**
   * Moves a pending job to its final state and frees its pending slot, in one transaction: the
   * slot is released exactly once however often this is called. False when the job is final
   * already or the guard no longer holds.
   */
  finish(job: JobForFinish, outcome: JobOutcome, guard?: ClaimGuard): Promise<boolean>;
  /** Notes that JOB_CREATED, or the final event, of a job is queued for delivery. */
  markEventSent(space: string, id: string, which: 'created' | 'final'): Promise<void>;
  /**
   * Every queued or running job, and every finished one whose final webhook event is not queued
   * yet, of every space (eventually consistent).
   */
  jobsToSweep(): Promise<JobRecord[]>;
  /** Every key's pending counter, of every space (eventually consistent). */
  pendingCounters(): Promise<KeyCounter[]>;
  /**
   * Marks a job queued again before its new message is sent: a queued job still as it was
   * (`updated_at`), or a running one whose attempt (`attempts`) no longer holds a lease at `now`.
   * False when it changed meanwhile.
   */
  requeue(job: Pick<JobRecord, 'space' | 'id' | 'status' | 'updated_at' | 'attempts'>, now: number): Promise<boolean>;
  /** Sets a key's pending counter to `count` if it still holds `seen`; false when it moved meanwhile. */
  correctPendingCount(space: string, keyHash: string, seen: number, count: number): Promise<boolean>;
}

/** Whether a finished job still owes its final webhook event (it stays listed for the sweeper until then). */
export function owesFinalEvent(job: Pick<JobRecord, 'webhook' | 'final_event_sent'>, status: 'completed' | 'failed'): boolean {
  if (!job.webhook || job.final_event_sent) return false;
  return job.webhook.events.includes(status === 'completed' ? 'JOB_COMPLETED' : 'JOB_FAILED');
}
