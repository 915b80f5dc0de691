import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../platform/config';
import { sqsClient } from '../webhooks/sqs';
import type { JobMessage } from '../platform/job-runner';

/** Logical id of the matrix job queue (infra/tables/matrix.ts). */
export const MATRIX_QUEUE_ID = 'matrix-jobs';

export async function enqueueMatrixJob(message: JobMessage): Promise<void> {
  const url = config.queueUrl(MATRIX_QUEUE_ID);
  if (!url) throw new Error(`the ${MATRIX_QUEUE_ID} queue URL is not configured`);
  await sqsClient().send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(message) }));
}
