import { DynamoJobStore } from '../platform/job-store';
import { BATCH_RETENTION_SECONDS, type BatchJob } from './model';

// Batches in the table "batch-jobs" (infra/tables/batch.ts), partition "BATCH#<space>#<id>": the
// job, its queries and its responses (layout: shared/platform/job-store.ts).
export const dynamoBatchStore = (): DynamoJobStore<BatchJob> =>
  new DynamoJobStore<BatchJob>('batch-jobs', 'BATCH', BATCH_RETENTION_SECONDS);
