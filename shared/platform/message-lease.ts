import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import { config } from './config';
import { startHeartbeat, type Heartbeat } from './heartbeat';
import { sqsClient } from './sqs';

// The lease of the background jobs that keep none in storage (matrix, batch): the job's queue
// message itself. While the worker runs, the heartbeat keeps the message hidden one window ahead;
// a worker that dies lets it reappear at most MESSAGE_LEASE_SECONDS after its last beat, rather
// than after the queue's visibility timeout (six times the function's timeout: 90 minutes).

/** How far ahead each beat hides the message: longer than the longest stretch a worker computes without yielding. */
export const MESSAGE_LEASE_SECONDS = 120;
/** Four beats per window: three may be lost before the message reappears under a live worker. */
export const MESSAGE_HEARTBEAT_SECONDS = MESSAGE_LEASE_SECONDS / 4;

async function hide(queueUrl: string, receiptHandle: string): Promise<void> {
  await sqsClient().send(
    new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: MESSAGE_LEASE_SECONDS }),
  );
}

/**
 * Holds a received message of the declared queue `queueId` for as long as its worker lives (stop
 * the returned heartbeat when the work ends). The first hold is awaited, so a failed one fails
 * the delivery before any work starts.
 */
export async function holdMessage(queueId: string, receiptHandle: string): Promise<Heartbeat> {
  const url = config.queueUrl(queueId);
  if (!url) throw new Error(`the ${queueId} queue URL is not configured`);
  await hide(url, receiptHandle);
  return startHeartbeat(`${queueId} message`, () => hide(url, receiptHandle), MESSAGE_HEARTBEAT_SECONDS * 1000);
}

/** Runs `work` while holding its message (holdMessage), and lets go however it ends. */
export async function whileHolding<T>(queueId: string, receiptHandle: string, work: () => Promise<T>): Promise<T> {
  const beat = await holdMessage(queueId, receiptHandle);
  try {
    return await work();
  } finally {
    await beat.stop();
  }
}
