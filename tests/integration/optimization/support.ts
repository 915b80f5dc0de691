import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { handler as submitHandler } from '../../../functions/optimization/submit';
import { handler as resultHandler } from '../../../functions/optimization/result';
import { handler as reoptHandler } from '../../../functions/optimization/re-optimize';
import { createWorker } from '../../../functions/optimization/worker';
import { createDeliveryWorker } from '../../../functions/webhooks/deliver';
import { config } from '../../../shared/platform/config';
import { workerDeps } from '../../../functions/optimization/deps';
import { solveWithStats } from '../../../shared/solver';
import { sqsEnqueue } from '../../../shared/webhooks/delivery';
import { webhookDelivery } from '../../../functions/webhooks/deps';
import { sqsClient } from '../../../shared/platform/sqs';
import { afterAll, beforeAll, expect } from 'vitest';
import { resultResponse } from '../../../shared/optimization/responses';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';

/** Quota for keys whose tests are about jobs, not rate limits: the default 5 requests/s trips on fast machines. */
export const unthrottled = { optimization: { perSecond: 1000, perMinute: 100_000 } };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const submit = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  invoke(submitHandler, { method: 'POST', path: '/optimization/v2', query: { key }, body, headers });
export const result = (key: string, id: string) =>
  invoke(resultHandler, { method: 'GET', path: '/optimization/v2/result', query: { key, id } });
export const reoptimize = (key: string, body: unknown) =>
  invoke(reoptHandler, { method: 'POST', path: '/optimization/re_optimization', query: { key }, body });

/** A small valid problem: 4 locations around Gothenburg, 1-2 vehicles, 3 jobs. */
export function smallProblem(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    description: 'small',
    locations: { id: 1, location: ['57.7089,11.9746', '57.7000,11.9600', '57.7200,11.9900', '57.6950,11.9850'] },
    vehicles: [
      { id: 1, start_index: 0, end_index: 0, capacity: [10], metadata: { driver: 'ann' } },
      { id: 2, start_index: 0, end_index: 0, capacity: [10] },
    ],
    jobs: [
      { id: 11, location_index: 1, service: 60, delivery: [2], metadata: { order: 'a-1' } },
      { id: 12, location_index: 2, service: 60, delivery: [3] },
      { id: 13, location_index: 3, service: 60, pickup: [1] },
    ],
    options: { objective: { solving_time_limit: 1 } },
    ...overrides,
  };
}

/** The real worker, with the solver capped at a few iterations so tests stay fast. */
export const fastWorker = createWorker(() => ({
  ...workerDeps(),
  solve: (req, matrices, opts) => solveWithStats(req, matrices, { ...opts, maxIterations: 50 }),
}));

const jobQueue = () => config.queueUrl('optimization-jobs')!;
const dlq = () => config.queueUrl('optimization-jobs-dlq')!;
const webhookQueue = () => config.queueUrl('webhooks')!;

export function sqsEventOf(messages: Message[], queueName: string): SQSEvent {
  return {
    Records: messages.map(
      (m) =>
        ({
          messageId: m.MessageId!,
          receiptHandle: m.ReceiptHandle!,
          body: m.Body!,
          attributes: {
            ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
            SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
            SenderId: 'test',
            ApproximateFirstReceiveTimestamp: String(Date.now()),
            // The trace context the sender attached, as Lambda's SQS event carries it.
            ...(m.Attributes?.AWSTraceHeader ? { AWSTraceHeader: m.Attributes.AWSTraceHeader } : {}),
          },
          messageAttributes: {},
          md5OfBody: m.MD5OfBody ?? '',
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queueName}`,
          awsRegion: 'us-east-1',
        }) as SQSRecord,
    ),
  };
}

export async function receive(queueUrl: string, options: { max?: number; wait?: number; visibility?: number } = {}): Promise<Message[]> {
  const out = await sqsClient().send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: options.max ?? 10,
      WaitTimeSeconds: options.wait ?? 0,
      VisibilityTimeout: options.visibility,
      MessageSystemAttributeNames: ['All'],
      AttributeNames: ['All'],
    }),
  );
  return out.Messages ?? [];
}

export async function remove(queueUrl: string, m: Message): Promise<void> {
  await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
}

// Messages received while looking for another one are kept here rather than put back: the
// emulator counts a ChangeMessageVisibility as a receive, so bouncing them would send them to
// the dead-letter queue.
const stash = new Map<string, Map<string, Message>>();
const stashOf = (queueUrl: string) => stash.get(queueUrl) ?? stash.set(queueUrl, new Map()).get(queueUrl)!;

/** Receives the queue's message for job `id` (others are stashed for later). */
export async function receiveJob(id: string, queueUrl = jobQueue(), visibility?: number): Promise<Message> {
  const kept = stashOf(queueUrl);
  for (const [mid, m] of kept) {
    if (JSON.parse(m.Body!).id === id) {
      kept.delete(mid);
      return m;
    }
  }
  // Short polls: the emulator's long poll can hand out one message several times in one answer.
  for (let i = 0; i < 60; i++) {
    if (i > 0) await sleep(100);
    let found: Message | undefined;
    for (const m of await receive(queueUrl, { wait: 0, visibility })) {
      if (!found && JSON.parse(m.Body!).id === id) found = m;
      else kept.set(m.MessageId!, m);
    }
    if (found) {
      kept.delete(found.MessageId!);
      return found;
    }
  }
  throw new Error(`no queued message for job ${id}`);
}

/** Every message now on the queue (and stashed), received; `expected` waits for that many. */
export async function receiveAll(queueUrl: string, expected = 0): Promise<Message[]> {
  const kept = stashOf(queueUrl);
  for (let i = 0; i < 100; i++) {
    const got = await receive(queueUrl);
    for (const m of got) kept.set(m.MessageId!, m);
    if (got.length === 0 && kept.size >= expected) break;
    if (got.length === 0) await sleep(50);
  }
  const all = [...kept.values()];
  kept.clear();
  return all;
}

type WorkerFn = ReturnType<typeof createWorker>;

/** What serverless-offline-sqs does, against the emulator: receive, invoke, delete unless failed. */
export async function runQueuedJob(id: string, worker: WorkerFn = fastWorker): Promise<{ failed: boolean; message: Message }> {
  const m = await receiveJob(id);
  const res = await worker(sqsEventOf([m], 'optimization-jobs'), { getRemainingTimeInMillis: () => 60_000 });
  const failed = res.batchItemFailures.length > 0;
  if (!failed) await remove(jobQueue(), m);
  return { failed, message: m };
}

export const queues = { jobs: jobQueue, dlq, webhooks: webhookQueue };

/** Deletes whatever is left on a queue (each test cleans up after itself). */
export async function purge(queueUrl: string): Promise<void> {
  for (const m of await receiveAll(queueUrl)) await remove(queueUrl, m);
}

/** Webhook deliveries with the retry delay dropped, so retries are visible at once. */
export const deliveryWorker = createDeliveryWorker(() => ({ ...webhookDelivery(), enqueue: (d) => sqsEnqueue(d, 0) }));

/** Runs every webhook message on the queue (and the retries they queue) until none is left. */
export async function runWebhookQueue(rounds = 10): Promise<number> {
  let handled = 0;
  for (let i = 0; i < rounds; i++) {
    if (i > 0) await sleep(50);
    const messages = await receive(webhookQueue(), { wait: 0 });
    if (messages.length === 0) break;
    const res = await deliveryWorker(sqsEventOf(messages, 'webhooks'));
    const failed = new Set(res.batchItemFailures.map((f) => f.itemIdentifier));
    for (const m of messages) if (!failed.has(m.MessageId!)) await remove(webhookQueue(), m);
    handled += messages.length;
  }
  return handled;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1; `statuses` are answered in turn (then 200). */
export async function receiver(statuses: number[] = []): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const queue = [...statuses];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = queue.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections(); // keep-alive sockets would hold close() for seconds
      }),
  };
}

/** n places on a line 0.01 degrees of longitude apart, and their durations: 100 s between neighbours. */
export function placesOnALine(n: number): { locations: { location: string[] }; duration_matrix: number[][] } {
  return {
    locations: { location: Array.from({ length: n }, (_, i) => `57.70,${(11.9 + i / 100).toFixed(2)}`) },
    duration_matrix: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => 100 * Math.abs(i - j))),
  };
}

/**
 * For a describe block of model tests: a fresh organisation's unthrottled key (`key()`, once its
 * beforeAll ran), the jobs queue purged after, and `solve`: submit, run the queued job on the fast
 * worker, read the result, checking each step and the body against the response schema.
 */
export function solvingOnTheEmulators(): {
  key: () => string;
  solve: (body: unknown) => Promise<{ submitted: Record<string, any>; done: Record<string, any> }>;
} {
  let key = '';
  beforeAll(async () => {
    ({ key } = await newOrgKey({ quotas: unthrottled }));
  });
  afterAll(async () => purge(queues.jobs()));
  return {
    key: () => key,
    async solve(body) {
      const submitted = await submit(key, body);
      expect(submitted.status).toBe(200);
      expect((await runQueuedJob(submitted.body.id)).failed).toBe(false);
      const done = await result(key, submitted.body.id);
      expect(resultResponse.safeParse(done.body).success).toBe(true);
      return { submitted: submitted.body, done: done.body };
    },
  };
}
