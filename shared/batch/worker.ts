import { failDeadLettered, runStoredJob, type Delivery, type JobMessage } from '../platform/job-runner';
import type { NetworkRegistry } from '../roads';
import { BatchTooLarge, computeBatch, type BatchDeps } from './service';

// The batch worker: one queued batch per SQS message (lifecycle and retries: shared/platform/job-runner.ts).

export const runBatchJob = (message: JobMessage, delivery: Delivery, deps: BatchDeps, networks: () => NetworkRegistry) =>
  runStoredJob(
    'batch',
    message,
    delivery,
    deps.store,
    deps.clock,
    (job) => computeBatch(deps, job, networks()),
    (error) => error instanceof BatchTooLarge,
  );

export const failDeadLetteredBatch = (message: JobMessage, deps: BatchDeps) => failDeadLettered('batch', message, deps.store, deps.clock);
