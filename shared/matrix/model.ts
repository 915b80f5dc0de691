import type { StoredJob } from '../platform/job-store';

// The asynchronous distance matrix (POST /mdm/create, GET /mdm/status): a stored job
//   queued -> running -> completed | failed     (running -> running again on a retry)
// whose request and result live beside it as gzipped chunks (shared/platform/job-store.ts).

/** Origins, and destinations, per job. */
export const MDM_MAX_POINTS = 5000;
/** Deliveries of a job message before it goes to the dead-letter queue (five, as AWS advises for a Lambda event source); the last one fails the job. */
export const MDM_MAX_RECEIVE_COUNT = 5;
/** The worker function's timeout (functions/matrix/functions.yml); the queue's visibility is six times it. */
export const MDM_WORKER_TIMEOUT_SECONDS = 900;
/** How long a job and its result are kept. */
export const MDM_RETENTION_SECONDS = 7 * 86400;
/**
 * Cells per result part: one part is one CSV download of about 2 MB, well inside a function's
 * 6 MB response. A 4000 x 4000 matrix has 160 parts.
 */
export const RESULT_PART_CELLS = 100_000;

export interface MatrixJob extends StoredJob {
  origins: number;
  destinations: number;
  /** Set when completed: the result's CSV parts, each of `rows_per_part` origins. */
  parts?: number;
  rows_per_part?: number;
  /** What the answer should say about the figures (great-circle fallback) or ignored fields. */
  warnings: string[];
}

/** Origins per result part for a matrix `destinations` wide. */
export const rowsPerPart = (destinations: number): number => Math.max(1, Math.floor(RESULT_PART_CELLS / destinations));
