// The stored job of the route optimization service and its lifecycle:
//   queued -> running -> completed | failed
// A worker claims a job (queued, or running under a lease that ended) for one attempt and holds
// it under a lease sized to the attempt's own work (reading, matrices, its solving budget) plus a
// margin, renewed by a heartbeat while the worker lives; a running job whose lease ended has no
// worker and may be claimed again, or queued again by the sweeper.
// queued and running jobs are "pending": they count against the key's MAX_PENDING_JOBS_PER_KEY.
import type { WebhookEvent } from './schemas';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export const isPending = (status: JobStatus): boolean => status === 'queued' || status === 'running';

/** Result codes of a finished job (0 = success). */
export const RESULT_CODE = { ok: 0, internal: 1, input: 2, routing: 3 } as const;

/** Pending (queued + running) jobs per API key. */
export const MAX_PENDING_JOBS_PER_KEY = 25;

/**
 * Deliveries of a job message before it goes to the dead-letter queue; the last one fails the
 * job. Five, as AWS advises for a Lambda event source: a throttled invocation uses one up too.
 */
export const JOB_MAX_RECEIVE_COUNT = 5;

/** The worker function's timeout (functions/optimization/functions.yml); the deploy check holds the two together. */
export const JOB_WORKER_TIMEOUT_SECONDS = 900;

/**
 * Added to the work a lease covers: it outlasts two lost heartbeats and clocks that disagree by
 * less. A dead worker's job is claimable again at most this long after the attempt's planned end
 * (or after its last beat, when it ran over).
 */
export const JOB_LEASE_MARGIN_SECONDS = 30;

/** How often a running attempt renews its lease. */
export const JOB_HEARTBEAT_SECONDS = 10;

/** How long a job, its request and its result are kept. */
export const JOB_RETENTION_SECONDS = 30 * 86400;

export interface JobWebhook {
  url: string;
  events: WebhookEvent[];
  /** Seconds. */
  timeout: number;
}

export interface JobRecord {
  id: string;
  /** The caller's (organisation, namespace) space; part of every key. */
  space: string;
  /** SHA-256 of the API key that submitted the job (the pending quota and webhook secret are per key). */
  key_hash: string;
  status: JobStatus;
  description?: string;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
  started_at?: number;
  finished_at?: number;
  /** Claims by a worker (1 on the first run); the current claim's number names its attempt. */
  attempts: number;
  /** Unix seconds until which the current attempt holds the job (while running). */
  lease_until?: number;
  request_chunks: number;
  request_bytes: number;
  result_chunks?: number;
  result_bytes?: number;
  /** The attempt whose result chunks are the job's result (unset: chunks stored before attempts had their own). */
  result_attempt?: number;
  warnings: string[];
  /** Why the job failed. */
  message?: string;
  code?: number;
  webhook?: JobWebhook;
  /** JOB_CREATED is queued for delivery (moot once the final event is). */
  created_event_sent?: boolean;
  /** The final event (JOB_COMPLETED / JOB_FAILED) is queued for delivery. */
  final_event_sent?: boolean;
  /** The job this one re-optimizes. */
  parent_id?: string;
}

/** A job queue's message: the same for every job queue. */
export type { JobMessage } from '../platform/job-runner';
