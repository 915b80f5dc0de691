import { MDM_MAX_RECEIVE_COUNT } from '../../shared/matrix/model';
import { MATRIX_QUEUE_ID } from '../../shared/matrix/queue';
import { parseJobMessage } from '../../shared/platform/job-runner';
import { failDeadLetteredMatrixJob, runMatrixJob } from '../../shared/matrix/worker';
import { logger } from '../../shared/platform/log';
import { whileHolding } from '../../shared/platform/message-lease';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import { sqsBatchHandler } from '../lib/sqs-batch';
import { matrixDeps } from './deps';

// SQS consumer of the matrix job queue (batch size 1); runMatrixJob logs its own failures. The
// message is the job's lease (shared/platform/message-lease.ts).
export const handler = sqsBatchHandler({
  name: 'matrix job',
  parse: parseJobMessage,
  run: (message, record) =>
    whileHolding(MATRIX_QUEUE_ID, record.receiptHandle, () =>
      runMatrixJob(
        message,
        { receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1), maxReceiveCount: MDM_MAX_RECEIVE_COUNT },
        matrixDeps(),
        roadNetworks,
      ),
    ),
});

/** Consumer of the dead-letter queue: fails jobs whose deliveries ran out. */
export const deadLetterHandler = sqsBatchHandler({
  name: 'dead-lettered matrix job',
  parse: parseJobMessage,
  run: (message) => failDeadLetteredMatrixJob(message, matrixDeps()),
  failed: (message, error) => logger.error('dead-lettered matrix job not failed', { job_id: message.id, error }),
});
