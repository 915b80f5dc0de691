import { JOB_MAX_RECEIVE_COUNT } from '../../shared/optimization/model';
import { parseJobMessage } from '../../shared/platform/job-runner';
import { delayJobRetry } from '../../shared/optimization/queue';
import type { OptimizationDeps } from '../../shared/optimization/service';
import { logger } from '../../shared/platform/log';
import { failDeadLetter, LeaseHeld, runJob, type WorkerDeps } from '../../shared/optimization/worker';
import { sqsBatchHandler } from '../lib/sqs-batch';
import { optimization, workerDeps } from './deps';

// SQS consumer of the job queue (batch size 1; partial batch responses). runJob logs its own failures.

/**
 * A failed attempt is retried after this long rather than after the queue's visibility timeout
 * (six times the worker's timeout), which is longer than the sweeper lets a running job wait.
 */
export const JOB_RETRY_DELAY_SECONDS = 60;

/** SQS's longest visibility timeout: 12 hours. */
const MAX_VISIBILITY_SECONDS = 43_200;

export interface WorkerOptions {
  /**
   * Seconds before a failed job's message comes back (a delivery of a job another attempt holds:
   * when that attempt's lease ends); unset: the queue's visibility timeout.
   */
  retryDelaySeconds?: number;
}

export function createWorker(deps: () => WorkerDeps = workerDeps, options: WorkerOptions = {}) {
  return sqsBatchHandler({
    name: 'optimization job',
    parse: parseJobMessage,
    run: async (message, record, context) => {
      try {
        return await runJob(
          message,
          {
            receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
            maxReceiveCount: JOB_MAX_RECEIVE_COUNT,
            remainingMs: () => context?.getRemainingTimeInMillis?.() ?? 60_000,
          },
          deps(),
        );
      } catch (error) {
        if (options.retryDelaySeconds !== undefined) {
          const delay =
            error instanceof LeaseHeld ? Math.min(MAX_VISIBILITY_SECONDS, error.retryAfterSeconds + 1) : options.retryDelaySeconds;
          await delayJobRetry(record.receiptHandle, delay);
        }
        throw error;
      }
    },
  });
}

export const handler = createWorker(workerDeps, { retryDelaySeconds: JOB_RETRY_DELAY_SECONDS });

/** Consumer of the job queue's dead-letter queue: fails jobs whose deliveries ran out. */
export function createDeadLetterConsumer(deps: () => OptimizationDeps = optimization) {
  return sqsBatchHandler({
    name: 'dead-lettered optimization job',
    parse: parseJobMessage,
    run: (message) => failDeadLetter(message, deps()),
    failed: (message, error) => logger.error('dead-lettered job not failed', { job_id: message.id, error }),
  });
}

export const deadLetterHandler = createDeadLetterConsumer();
