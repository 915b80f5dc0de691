import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../platform/config';
import { sqsClient } from '../webhooks/sqs';
import type { JobMessage } from './model';

/** Logical id of the job queue (infra/tables/optimization.ts). */
export const JOB_QUEUE_ID = 'optimization-jobs';

export function jobQueueUrl(): string {
  const url = config.queueUrl(JOB_QUEUE_ID);
  if (!url) throw new Error(`the ${JOB_QUEUE_ID} queue URL is not configured (env ${JOB_QUEUE_ID})`);
  return url;
}

export async function enqueueJob(message: JobMessage, queueUrl = jobQueueUrl()): Promise<void> {
  await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
}

/** The job a queue message names; undefined when the body is not a job message. */
export function parseJobMessage(body: string): JobMessage | undefined {
  try {
    const m = JSON.parse(body) as Partial<JobMessage>;
    return typeof m.space === 'string' && typeof m.id === 'string' ? { space: m.space, id: m.id } : undefined;
  } catch {
    return undefined;
  }
}
