import { enqueueJob, type JobMessage } from '../platform/job-runner';

/** Logical id of the matrix job queue (infra/tables/matrix.ts). */
export const MATRIX_QUEUE_ID = 'matrix-jobs';

export const enqueueMatrixJob = (message: JobMessage): Promise<void> => enqueueJob(MATRIX_QUEUE_ID, message);
