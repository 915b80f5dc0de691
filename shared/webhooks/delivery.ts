// The one webhook delivery module (optimization job events now, monitors later). An event is
// queued (queue "webhooks"); the webhook worker POSTs it, signed the Standard Webhooks way with
// the secret of the API key that set the webhook up. A non-2xx answer, a timeout or a network
// error re-queues the same event (same webhook-id) with a growing delay, up to
// MAX_ATTEMPTS attempts in all. Nothing here ever throws into the caller's business: a failing
// webhook never fails the job that emitted it.
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../platform/config';
import { logger } from '../platform/log';
import { signedHeaders } from './sign';
import { sqsClient } from './sqs';
import type { WebhookSecretStore } from './store';
import { webhookUrlProblem } from './url';

/** Logical id of the delivery queue (infra/tables/optimization.ts). */
export const WEBHOOK_QUEUE_ID = 'webhooks';

/** First attempt plus 4 retries. */
export const MAX_ATTEMPTS = 5;

/** Delay before attempt n+1 (index n, 1-based attempts), seconds; SQS allows at most 900. */
export const BACKOFF_SECONDS = [0, 5, 30, 120, 600];

export const DEFAULT_TIMEOUT_SECONDS = 10;

export interface WebhookDelivery {
  /** Event id: the webhook-id header, identical on every attempt. */
  id: string;
  url: string;
  /** The JSON body, exactly as sent and signed. */
  body: string;
  /** Seconds to wait for an answer. */
  timeout: number;
  /** Signing secret owner: the caller's space and API key hash. */
  space: string;
  key_hash: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** For logs. */
  event: string;
}

export interface AttemptResult {
  ok: boolean;
  status?: number;
  error?: string;
}

export interface DeliveryDeps {
  fetch: typeof fetch;
  secretOf: (space: string, keyHash: string) => Promise<string>;
  /** Puts a delivery on the queue after `delaySeconds`. */
  enqueue: (delivery: WebhookDelivery, delaySeconds: number) => Promise<void>;
  now: () => number;
}

export function webhookQueueUrl(): string | undefined {
  return config.queueUrl(WEBHOOK_QUEUE_ID);
}

/** Puts a delivery on the webhook queue, to be attempted after `delaySeconds` (at most 900). */
export async function sqsEnqueue(delivery: WebhookDelivery, delaySeconds: number): Promise<void> {
  const url = webhookQueueUrl();
  if (!url) throw new Error(`the ${WEBHOOK_QUEUE_ID} queue URL is not configured`);
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: url,
      MessageBody: JSON.stringify(delivery),
      DelaySeconds: Math.min(900, Math.max(0, delaySeconds)),
    }),
  );
}

/** Real delivery: global fetch, the webhook queue, secrets from `secrets`. */
export const deliveryDeps = (secrets: WebhookSecretStore): DeliveryDeps => ({
  fetch: (...args) => fetch(...args),
  secretOf: async (space, keyHash) => (await secrets.getOrCreate(space, keyHash)).secret,
  enqueue: sqsEnqueue,
  now: () => Math.floor(Date.now() / 1000),
});

/** One POST of a delivery, signed for this attempt's timestamp. Never throws. */
export async function attempt(delivery: WebhookDelivery, deps: DeliveryDeps): Promise<AttemptResult> {
  try {
    // Checked again at send time: only http(s), never redirected (a redirect is not followed).
    const problem = webhookUrlProblem(delivery.url, []);
    if (problem) return { ok: false, error: `url ${problem}` };
    const secret = await deps.secretOf(delivery.space, delivery.key_hash);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Waymark-Webhooks/1',
      ...signedHeaders(secret, delivery.id, deps.now(), delivery.body),
    };
    const response = await deps.fetch(delivery.url, {
      method: 'POST',
      headers,
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(delivery.timeout * 1000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: response.status >= 200 && response.status < 300, status: response.status };
  } catch (error) {
    return { ok: false, error: (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message };
  }
}

/**
 * Handles one queued delivery: sends it, and on failure queues the next attempt with backoff.
 * Throws only when the retry itself cannot be queued (the queue then redelivers this message).
 */
export async function processDelivery(delivery: WebhookDelivery, deps: DeliveryDeps): Promise<AttemptResult> {
  const result = await attempt(delivery, deps);
  const fields = { webhook_id: delivery.id, event: delivery.event, attempt: delivery.attempt, status: result.status, error: result.error };
  if (result.ok) {
    logger.info('webhook delivered', fields);
    return result;
  }
  if (delivery.attempt >= MAX_ATTEMPTS) {
    logger.warn('webhook given up', fields);
    return result;
  }
  const delay = BACKOFF_SECONDS[delivery.attempt] ?? BACKOFF_SECONDS[BACKOFF_SECONDS.length - 1];
  logger.info('webhook failed, retrying', { ...fields, retry_in_seconds: delay });
  await deps.enqueue({ ...delivery, attempt: delivery.attempt + 1 }, delay);
  return result;
}

export interface WebhookEventInput {
  /** Event id; keep it deterministic per (subject, event) so a repeated emit is recognisable. */
  id: string;
  event: string;
  url: string;
  payload: unknown;
  timeout?: number;
  space: string;
  keyHash: string;
}

/**
 * Queues an event for delivery; true once it is queued (or, without a queue, handled). Never
 * throws: a failure is logged and answered false. Without a configured queue (a bare process)
 * the event is sent right away with in-process retries.
 */
export async function emitWebhook(input: WebhookEventInput, deps: DeliveryDeps): Promise<boolean> {
  const delivery: WebhookDelivery = {
    id: input.id,
    url: input.url,
    body: JSON.stringify(input.payload),
    timeout: input.timeout ?? DEFAULT_TIMEOUT_SECONDS,
    space: input.space,
    key_hash: input.keyHash,
    attempt: 1,
    event: input.event,
  };
  try {
    if (webhookQueueUrl() || deps.enqueue !== sqsEnqueue) {
      await deps.enqueue(delivery, 0);
      return true;
    }
    for (let d = delivery; ; d = { ...d, attempt: d.attempt + 1 }) {
      const result = await attempt(d, deps);
      if (result.ok || d.attempt >= MAX_ATTEMPTS) return true;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (d.attempt - 1)));
    }
  } catch (error) {
    logger.error('webhook could not be queued', { webhook_id: delivery.id, event: delivery.event, error });
    return false;
  }
}
