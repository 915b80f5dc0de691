import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../platform/config';
import { sqsClient } from '../platform/sqs';
import { PURGE_DELAY_SECONDS } from './purge';
import type { PurgeRequest } from './service';

// The queue of asset purges (infra/tables/tracking.ts): one message per deleted incarnation.

export const PURGE_QUEUE_ID = 'tracking-purge';

export const purgeQueueUrl = (): string | undefined => config.queueUrl(PURGE_QUEUE_ID);

export async function queuePurge(request: PurgeRequest): Promise<void> {
  const url = purgeQueueUrl();
  if (!url) throw new Error(`the ${PURGE_QUEUE_ID} queue URL is not configured`);
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(request), DelaySeconds: PURGE_DELAY_SECONDS }),
  );
}

/** A purge message's request; undefined when the body is not one. */
export function parsePurgeRequest(body: string): PurgeRequest | undefined {
  const m = JSON.parse(body) as Partial<PurgeRequest>;
  return typeof m.space === 'string' && typeof m.key === 'string' && m.key !== '' ? { space: m.space, key: m.key } : undefined;
}
