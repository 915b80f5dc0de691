import type { JobRecord, JobStatus } from './model';

// What the route optimization service needs from storage: jobs, their gzipped request and
// result blobs, and the per-key count of pending jobs. The DynamoDB adapter is
// shared/optimization/dynamo-store.ts; every method is confined to the caller's space except
// listPending, which is for the operator's requeue only.

export type BlobKind = 'REQ' | 'RES';

export interface PendingJobRef {
  space: string;
  id: string;
  status: JobStatus;
}

/** How a pending job ends. */
export type JobOutcome =
  | { status: 'completed'; now: number; resultChunks: number; resultBytes: number; warnings: string[] }
  | { status: 'failed'; now: number; code: number; message: string };

export interface OptimizationJobStore {
  /** Takes one of the key's pending slots; false when `limit` are taken (exact under concurrency). */
  reservePending(space: string, keyHash: string, limit: number): Promise<boolean>;
  /** Gives a slot back (a submission that failed after reserving one). */
  releasePending(space: string, keyHash: string): Promise<void>;
  pendingCount(space: string, keyHash: string): Promise<number>;
  putBlob(space: string, id: string, kind: BlobKind, chunks: Uint8Array[], expiresAt: number): Promise<void>;
  /** The `count` chunks of a blob, in order; throws when some are missing. */
  getBlob(space: string, id: string, kind: BlobKind, count: number): Promise<Uint8Array[]>;
  /** Stores a new queued job; its request blob must be stored first. */
  create(job: JobRecord): Promise<void>;
  get(space: string, id: string): Promise<JobRecord | undefined>;
  /** queued|running -> running, counting the attempt; undefined when the job is finished (or gone). */
  markRunning(space: string, id: string, now: number): Promise<JobRecord | undefined>;
  /**
   * Moves a pending job to its final state and frees its pending slot, atomically: the slot is
   * released exactly once however often this is called. False when already final. With
   * `startedAt`, only a job still running the attempt that started then (the sweeper's guard).
   */
  finish(job: Pick<JobRecord, 'space' | 'id' | 'key_hash'>, outcome: JobOutcome, startedAt?: number): Promise<boolean>;
  /** Notes that the final webhook event of a finished job is queued. */
  markFinalEventSent(space: string, id: string): Promise<void>;
  /** Every queued or running job, of every space. */
  listPending(): Promise<PendingJobRef[]>;
  /** The same jobs as whole records (eventually consistent), for the sweeper. */
  pendingJobs(): Promise<JobRecord[]>;
  /** Notes that a queued job was queued again (its updated_at); false when it is no longer that queued job. */
  requeue(job: Pick<JobRecord, 'space' | 'id' | 'updated_at'>, now: number): Promise<boolean>;
  /** Sets a key's pending counter to `count` if it still holds `seen`; false when it moved meanwhile. */
  correctPendingCount(space: string, keyHash: string, seen: number, count: number): Promise<boolean>;
}
