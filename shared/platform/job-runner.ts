import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from './config';
import { encodeBlob } from './blob';
import type { JobStore, StoredJob } from './job-store';
import { logger } from './log';
import { emitMetrics, milliseconds, seconds } from './metrics';
import { sqsClient } from './sqs';
import { traceMessageAttributes } from './tracing';

// One delivery of a background job's queue message (features with the JobStore lifecycle):
//  - Idempotent: a message for a finished job does nothing; a redelivered one runs again
//    (result parts are rewritten under the same keys).
//  - An error the feature calls permanent fails the job at once; any other is retried by SQS; on the last delivery the job is failed before the message
//    goes to the dead-letter queue, whose consumer (failDeadLettered) fails jobs whose worker
//    crashed every time.

export interface JobMessage {
  space: string;
  id: string;
}

export interface Delivery {
  receiveCount: number;
  maxReceiveCount: number;
}

/** Queues a job's message on the declared queue `queueId`. */
export async function enqueueJob(queueId: string, message: JobMessage): Promise<void> {
  const url = config.queueUrl(queueId);
  if (!url) throw new Error(`the ${queueId} queue URL is not configured`);
  await sendJobMessage(url, message);
}

/** Sends a job's message to the queue at `queueUrl` (every job queue's message, optimization's too). */
export async function sendJobMessage(queueUrl: string, message: JobMessage): Promise<void> {
  await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), ...traceMessageAttributes() }));
}

export interface JobQueueDeps<J extends StoredJob> {
  store: JobStore<J>;
  enqueue: (message: JobMessage) => Promise<void>;
  /** Unix seconds. */
  clock: () => number;
  newId: () => string;
}

/**
 * Stores a new queued job with its request (gzipped) and queues it; a job that cannot be queued
 * is failed at once rather than left waiting for a message that never comes.
 */
export async function queueNewJob<J extends StoredJob>(
  deps: JobQueueDeps<J>,
  space: string,
  request: unknown,
  fields: Omit<J, keyof StoredJob>,
): Promise<J> {
  const blob = encodeBlob(request);
  const now = deps.clock();
  const base: StoredJob = {
    id: deps.newId(),
    space,
    status: 'queued',
    created_at: now,
    updated_at: now,
    attempts: 0,
    request_chunks: blob.chunks.length,
  };
  const job = { ...base, ...fields } as J;
  await deps.store.create(job, blob.chunks);
  try {
    await deps.enqueue({ space, id: job.id });
  } catch (error) {
    await deps.store.fail(space, job.id, deps.clock(), 'the job could not be queued');
    throw error;
  }
  return job;
}

/** The job a queue message names; undefined (or a throw, for a body that is not JSON) when it is not a job message. */
export function parseJobMessage(body: string): JobMessage | undefined {
  const m = JSON.parse(body) as Partial<JobMessage>;
  return typeof m.space === 'string' && typeof m.id === 'string' ? { space: m.space, id: m.id } : undefined;
}

export async function runStoredJob<J extends StoredJob>(
  what: string,
  message: JobMessage,
  delivery: Delivery,
  store: JobStore<J>,
  clock: () => number,
  work: (job: J) => Promise<Partial<J>>,
  /** Errors a retry cannot fix: the job fails at once, its message (written for the caller) told. */
  permanent: (error: unknown) => boolean = () => false,
): Promise<'completed' | 'failed' | 'skipped'> {
  const job = await store.markRunning(message.space, message.id, clock());
  if (!job) return 'skipped';
  const started = Date.now();
  try {
    await store.complete(job, clock(), await work(job));
    logger.info(`${what} completed`, { job_id: job.id, ms: Date.now() - started });
    emitMetrics({
      group: 'job',
      dimensions: { Feature: what.split(' ')[0] },
      values: { QueueWait: seconds(Math.max(0, job.updated_at - job.created_at)), SolveTime: milliseconds(Date.now() - started) },
    });
    return 'completed';
  } catch (error) {
    logger.error(`${what} attempt failed`, { job_id: job.id, attempt: job.attempts, error });
    // A permanent error's sentence is the feature's own, about the caller's request; any other
    // error's text may carry internals, so the caller gets a fixed sentence and the log the rest.
    if (permanent(error)) {
      await store.fail(job.space, job.id, clock(), (error as Error).message);
      return 'failed';
    }
    if (delivery.receiveCount >= delivery.maxReceiveCount) {
      const told = `internal error after ${job.attempts} attempt(s); the operator can find it in the logs under job id ${job.id}`;
      await store.fail(job.space, job.id, clock(), told);
      return 'failed';
    }
    throw error;
  }
}

export async function failDeadLettered<J extends StoredJob>(
  what: string,
  message: JobMessage,
  store: JobStore<J>,
  clock: () => number,
): Promise<void> {
  await store.fail(message.space, message.id, clock(), `the ${what} failed on every delivery`);
}
