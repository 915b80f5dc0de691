import type { StoredJob } from '../platform/job-store';

// Batch routing (POST /batch, GET /batch): several routing requests answered by one background
// job (lifecycle and storage: shared/platform/job-store.ts and job-runner.ts).

export interface BatchJob extends StoredJob {
  /** Requests in the batch. */
  count: number;
}

export const MAX_BATCH_REQUESTS = 100;
/** Characters of one request's query string. */
export const MAX_BATCH_QUERY_LENGTH = 100_000;
/** Bytes of the answered responses together: GET /batch returns them in one body, under a function's 6 MB. */
export const MAX_BATCH_RESPONSE_BYTES = 5_000_000;
export const BATCH_MAX_RECEIVE_COUNT = 5;
/** The worker function's timeout (functions/batch/functions.yml); the queue's visibility is six times it. */
export const BATCH_WORKER_TIMEOUT_SECONDS = 900;
export const BATCH_RETENTION_SECONDS = 7 * 86400;
