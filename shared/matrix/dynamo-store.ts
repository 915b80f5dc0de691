import { DynamoJobStore } from '../platform/job-store';
import { MDM_RETENTION_SECONDS, type MatrixJob } from './model';

// Asynchronous matrix jobs in the table "matrix-jobs" (infra/tables/matrix.ts), partition
// "MDM#<space>#<id>": the job, its request and its CSV parts (layout: shared/platform/job-store.ts).
export const dynamoMatrixJobStore = (): DynamoJobStore<MatrixJob> =>
  new DynamoJobStore<MatrixJob>('matrix-jobs', 'MDM', MDM_RETENTION_SECONDS);
