// After a local restart the SQS emulator is empty (it keeps messages in memory) while DynamoDB
// Local keeps the jobs: queued and running jobs would wait forever. The launcher calls
// requeuePendingJobs() once the tables and queues exist; every pending job gets a new message
// (the worker is idempotent, so a job that already has one is not run twice to completion):
//
//   const queueUrls = await provisionQueues(sqs.endpoint, STAGE);
//   await requeuePendingJobs({ queueUrl: queueUrls['optimization-jobs'] });
import { logger } from '../platform/log';
import { DynamoOptimizationJobStore } from './dynamo-store';
import { enqueueJob } from './queue';

export async function requeuePendingJobs(options: { queueUrl?: string; store?: DynamoOptimizationJobStore } = {}): Promise<number> {
  const store = options.store ?? new DynamoOptimizationJobStore();
  const pending = await store.listPending();
  for (const job of pending) await enqueueJob({ space: job.space, id: job.id }, options.queueUrl);
  if (pending.length) logger.info('pending optimization jobs requeued', { count: pending.length });
  return pending.length;
}
