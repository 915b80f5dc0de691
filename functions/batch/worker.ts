import { BATCH_MAX_RECEIVE_COUNT } from '../../shared/batch/model';
import { failDeadLetteredBatch, runBatchJob } from '../../shared/batch/worker';
import { parseJobMessage } from '../../shared/platform/job-runner';
import { logger } from '../../shared/platform/log';
import { whileHolding } from '../../shared/platform/message-lease';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import { sqsBatchHandler } from '../lib/sqs-batch';
import { batchDeps } from './deps';

// SQS consumer of the batch queue (batch size 1); runBatchJob logs its own failures. The message
// is the job's lease (shared/platform/message-lease.ts).
export const handler = sqsBatchHandler({
  name: 'batch',
  parse: parseJobMessage,
  run: (message, record) =>
    whileHolding('batch-jobs', record.receiptHandle, () =>
      runBatchJob(
        message,
        { receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1), maxReceiveCount: BATCH_MAX_RECEIVE_COUNT },
        batchDeps(),
        roadNetworks,
      ),
    ),
});

/** Consumer of the dead-letter queue: fails batches whose deliveries ran out. */
export const deadLetterHandler = sqsBatchHandler({
  name: 'dead-lettered batch',
  parse: parseJobMessage,
  run: (message) => failDeadLetteredBatch(message, batchDeps()),
  failed: (message, error) => logger.error('dead-lettered batch not failed', { job_id: message.id, error }),
});
