import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import { logger } from '../platform/log';
import { config } from '../platform/config';
import { sqsClient } from '../platform/sqs';
import { sendJobMessage, type JobMessage } from '../platform/job-runner';

/** Logical id of the job queue (infra/tables/optimization.ts). */
export const JOB_QUEUE_ID = 'optimization-jobs';

export function jobQueueUrl(): string {
  const url = config.queueUrl(JOB_QUEUE_ID);
  if (!url) throw new Error(`the ${JOB_QUEUE_ID} queue URL is not configured (env ${JOB_QUEUE_ID})`);
  return url;
}

export async function enqueueJob(message: JobMessage, queueUrl = jobQueueUrl()): Promise<void> {
  await sendJobMessage(queueUrl, message);
}

/** Has a received job message come back after `seconds` (a failed attempt's retry), rather than after the queue's visibility timeout. */
export async function delayJobRetry(receiptHandle: string, seconds: number, queueUrl = jobQueueUrl()): Promise<void> {
  try {
    await sqsClient().send(
      new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }),
    );
  } catch (error) {
    // The message still comes back, only later; the sweeper bounds how long its job waits.
    logger.warn('job retry delay not set', { error });
  }
}
