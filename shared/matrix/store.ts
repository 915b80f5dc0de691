import type { JobStore } from '../platform/job-store';
import type { MatrixJob } from './model';

/** What the asynchronous matrix needs from storage (the DynamoDB adapter: dynamo-store.ts). */
export type MatrixJobStore = JobStore<MatrixJob>;
