import { logger } from '../platform/log';
import type { NetworkRegistry } from '../routing';
import type { MatrixJobMessage } from './model';
import { computeMatrixJob, type MatrixDeps } from './service';

// The matrix worker: one queued job per SQS message.
//  - Idempotent: a message for a finished job does nothing; a redelivered one computes again
//    (parts are rewritten under the same keys).
//  - Any error is retried by SQS; on the last delivery the job is failed before the message
//    goes to the dead-letter queue, whose consumer fails jobs whose worker crashed every time.

export interface Delivery {
  receiveCount: number;
  maxReceiveCount: number;
}

export async function runMatrixJob(
  message: MatrixJobMessage,
  delivery: Delivery,
  deps: MatrixDeps,
  networks: () => NetworkRegistry,
): Promise<'completed' | 'failed' | 'skipped'> {
  const job = await deps.store.markRunning(message.space, message.id, deps.clock());
  if (!job) return 'skipped';
  const started = Date.now();
  try {
    const { parts, rows, warnings } = await computeMatrixJob(deps, job, networks());
    await deps.store.complete(job, deps.clock(), parts, rows, warnings);
    logger.info('matrix job completed', {
      job_id: job.id,
      origins: job.origins,
      destinations: job.destinations,
      parts,
      ms: Date.now() - started,
    });
    return 'completed';
  } catch (error) {
    logger.error('matrix job attempt failed', { job_id: job.id, attempt: job.attempts, error });
    if (delivery.receiveCount >= delivery.maxReceiveCount) {
      await deps.store.fail(job.space, job.id, deps.clock(), `the matrix could not be computed: ${(error as Error).message}`);
      return 'failed';
    }
    throw error;
  }
}

/** A message that ran out of deliveries: its job failed without reaching the worker's own failure. */
export async function failDeadLetteredMatrixJob(message: MatrixJobMessage, deps: MatrixDeps): Promise<void> {
  await deps.store.fail(message.space, message.id, deps.clock(), 'the matrix job failed on every delivery');
}
