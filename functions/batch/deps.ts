import { randomUUID } from 'node:crypto';
import { dynamoBatchStore } from '../../shared/batch/dynamo-store';
import type { BatchDeps } from '../../shared/batch/service';
import { enqueueJob } from '../../shared/platform/job-runner';

let deps: BatchDeps | undefined;

/** Batch routing's store and queue, built on first use. */
export const batchDeps = (): BatchDeps =>
  (deps ??= {
    store: dynamoBatchStore(),
    enqueue: (message) => enqueueJob('batch-jobs', message),
    clock: () => Math.floor(Date.now() / 1000),
    newId: () => randomUUID(),
  });
