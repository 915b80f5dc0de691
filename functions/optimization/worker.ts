import { JOB_MAX_RECEIVE_COUNT } from '../../shared/optimization/model';
import { parseJobMessage } from '../../shared/optimization/queue';
import { logger } from '../../shared/platform/log';
import { failDeadLetter, runJob, type WorkerDeps } from '../../shared/optimization/worker';
import { sqsBatchHandler } from '../lib/sqs-batch';
import { optimization, workerDeps } from './deps';

// SQS consumer of the job queue (batch size 1; partial batch responses). runJob logs its own failures.
export function createWorker(deps: () => WorkerDeps = workerDeps) {
  return sqsBatchHandler({
    name: 'optimization job',
    parse: parseJobMessage,
    run: (message, record, context) =>
      runJob(
        message,
        {
          receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
          maxReceiveCount: JOB_MAX_RECEIVE_COUNT,
          remainingMs: () => context?.getRemainingTimeInMillis?.() ?? 60_000,
        },
        deps(),
      ),
  });
}

export const handler = createWorker();

/** Consumer of the job queue's dead-letter queue: fails jobs whose deliveries ran out. */
export const deadLetterHandler = sqsBatchHandler({
  name: 'dead-lettered optimization job',
  parse: parseJobMessage,
  run: (message) => failDeadLetter(message, optimization()),
  failed: (message, error) => logger.error('dead-lettered job not failed', { job_id: message.id, error }),
});
