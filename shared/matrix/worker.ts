import { failDeadLettered, runStoredJob, type Delivery, type JobMessage } from '../platform/job-runner';
import type { NetworkRegistry } from '../roads';
import { computeMatrixJob, type MatrixDeps } from './service';

// The matrix worker: one queued job per SQS message (lifecycle and retries: shared/platform/job-runner.ts).

export const runMatrixJob = (message: JobMessage, delivery: Delivery, deps: MatrixDeps, networks: () => NetworkRegistry) =>
  runStoredJob('matrix job', message, delivery, deps.store, deps.clock, async (job) => {
    const { parts, rows, warnings } = await computeMatrixJob(deps, job, networks());
    return { parts, rows_per_part: rows, warnings };
  });

export const failDeadLetteredMatrixJob = (message: JobMessage, deps: MatrixDeps) =>
  failDeadLettered('matrix job', message, deps.store, deps.clock);
