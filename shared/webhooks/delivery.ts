// The one webhook delivery module (optimization job events and monitors). An event is
// queued (queue "webhooks"); the webhook worker POSTs it, signed the Standard Webhooks way with
// the secret of the API key that set the webhook up. A non-2xx answer, a timeout or a network
// error re-queues the same event (same webhook-id) with a growing delay, up to
// MAX_ATTEMPTS attempts in all. Nothing here ever throws into the caller's business: a failing
// webhook never fails the job that emitted it. Every send goes through the address guard
// (./send.ts): a target refused there is not retried.
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../platform/config';
import { logger } from '../platform/log';
import { count, emitMetrics } from '../platform/metrics';
import { guardedPost, SendError, type SendFailure, type WebhookPost } from './send';
import { signedHeaders } from './sign';
import { sqsClient } from '../platform/sqs';
import { span, traceHeaders, traceMessageAttributes } from '../platform/tracing';
import { signingSecrets, type WebhookSecretStore } from './store';
import { webhookUrlProblem } from './url';

/** Logical id of the delivery queue (infra/tables/webhooks.ts). */
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
  /** Why nothing was answered; the detail goes to the log only. */
  error?: SendFailure;
}

export interface DeliveryDeps {
  post: WebhookPost;
  /** The secrets a delivery is signed with now (two during a rotation's overlap). */
  secretsOf: (space: string, keyHash: string) => Promise<string[]>;
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
      ...traceMessageAttributes(),
    }),
  );
}

/** Real delivery: the guarded POST, the webhook queue, secrets from `secrets`. */
export const deliveryDeps = (secrets: WebhookSecretStore): DeliveryDeps => ({
  post: guardedPost(),
  secretsOf: async (space, keyHash) => signingSecrets(await secrets.getOrCreate(space, keyHash), Math.floor(Date.now() / 1000)),
  enqueue: sqsEnqueue,
  now: () => Math.floor(Date.now() / 1000),
});

/** One POST of a delivery, signed for this attempt's timestamp. Never throws. */
export async function attempt(delivery: WebhookDelivery, deps: DeliveryDeps): Promise<AttemptResult> {
  const refuse = (detail: string): AttemptResult => {
    logger.warn('webhook target refused', { webhook_id: delivery.id, event: delivery.event, reason: detail });
    return { ok: false, error: 'refused' };
  };
  try {
    // The URL's form is checked again at send time; where it leads is judged by deps.post (the
    // address guard), with the setting as it is now.
    const problem = webhookUrlProblem(delivery.url, [], true);
    if (problem) return refuse(problem);
    const secrets = await deps.secretsOf(delivery.space, delivery.key_hash);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Waymark-Webhooks/1',
      ...signedHeaders(secrets, delivery.id, deps.now(), delivery.body),
    };
    // The POST is a span of the trace that emitted the event; the receiver gets its context.
    const { status } = await span(
      'webhook POST',
      () =>
        deps.post(delivery.url, { headers: { ...headers, ...traceHeaders() }, body: delivery.body, timeoutMs: delivery.timeout * 1000 }),
      { attributes: { event: delivery.event, attempt: delivery.attempt } },
    );
    return { ok: status >= 200 && status < 300, status };
  } catch (error) {
    if (error instanceof SendError && error.failure === 'refused') return refuse(error.detail);
    const failure = error instanceof SendError ? error.failure : 'network';
    logger.info('webhook not answered', { webhook_id: delivery.id, failure, detail: error instanceof SendError ? error.detail : error });
    return { ok: false, error: failure };
  }
}

/** The event names the source: JOB_* from optimization jobs, the rest from monitors. */
const sourceOf = (event: string): string => (event.startsWith('JOB_') ? 'optimization' : 'monitors');

export type WebhookOutcome = 'delivered' | 'retrying' | 'given_up';

/** Every FailureClass but `none` (the dashboard lists them). */
export const WEBHOOK_FAILURE_CLASSES = ['http_3xx', 'http_4xx', 'http_5xx', 'timeout', 'network', 'refused'];

/** Why an attempt failed, as a metric dimension: the answer's status class or what kept it from answering. */
export function failureClass(result: AttemptResult): string {
  if (result.ok) return 'none';
  if (result.error) return result.error;
  return `http_${Math.floor((result.status ?? 0) / 100)}xx`;
}

/** One delivery attempt and how it ended (docs/operations/metrics.md). */
function countAttempt(delivery: WebhookDelivery, result: AttemptResult, outcome: WebhookOutcome): void {
  emitMetrics({
    group: 'webhook',
    dimensions: { Source: sourceOf(delivery.event), Outcome: outcome, FailureClass: failureClass(result) },
    values: {
      Attempts: count(1),
      Retries: count(delivery.attempt > 1 ? 1 : 0),
      Delivered: count(outcome === 'delivered' ? 1 : 0),
      Failed: count(outcome === 'given_up' ? 1 : 0),
    },
  });
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
    countAttempt(delivery, result, 'delivered');
    return result;
  }
  // A refused target is refused again on every retry: nothing to wait for.
  if (delivery.attempt >= MAX_ATTEMPTS || result.error === 'refused') {
    logger.warn('webhook given up', fields);
    countAttempt(delivery, result, 'given_up');
    return result;
  }
  countAttempt(delivery, result, 'retrying');
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
      if (result.ok || result.error === 'refused' || d.attempt >= MAX_ATTEMPTS) return true;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (d.attempt - 1)));
    }
  } catch (error) {
    logger.error('webhook could not be queued', { webhook_id: delivery.id, event: delivery.event, error });
    return false;
  }
}
