import { decodeBlob, encodeBlob } from '../platform/blob';
import { queueNewJob, type JobQueueDeps } from '../platform/job-runner';
import { notFound } from '../platform/errors';
import type { NetworkRegistry } from '../roads';
import { answer, type BatchResponse } from './dispatch';
import { MAX_BATCH_RESPONSE_BYTES, type BatchJob } from './model';
import type { BatchBody } from './schemas';

export type BatchDeps = JobQueueDeps<BatchJob>;

export async function createBatch(deps: BatchDeps, space: string, body: BatchBody) {
  const job = await queueNewJob(
    deps,
    space,
    body.requests.map((r) => r.query),
    { count: body.requests.length },
  );
  return { track_id: job.id, status: 'pending' };
}

export async function batchResult(deps: BatchDeps, space: string, id: string) {
  const job = await deps.store.get(space, id);
  if (!job) throw notFound(`track_id: no batch "${id}"`);
  if (job.status === 'failed') return { track_id: id, status: 'failed', msg: job.message ?? 'the batch failed' };
  if (job.status !== 'completed') return { track_id: id, status: 'pending' };
  const responses = decodeBlob<BatchResponse[]>(await deps.store.part(job, 0));
  return { track_id: id, status: 'success', responses };
}

/** Answers every request of a running batch and stores the responses as its one result part. */
export async function computeBatch(deps: BatchDeps, job: BatchJob, networks: NetworkRegistry): Promise<Partial<BatchJob>> {
  const queries = decodeBlob<string[]>(await deps.store.request(job));
  const responses = queries.map((q) => answer(networks, q));
  const blob = encodeBlob(responses);
  if (blob.rawBytes > MAX_BATCH_RESPONSE_BYTES)
    throw new BatchTooLarge(
      `the responses take ${blob.rawBytes} bytes, more than ${MAX_BATCH_RESPONSE_BYTES}: send fewer or smaller requests per batch`,
    );
  await deps.store.putPart(job, 0, blob.chunks);
  return {};
}

/** A batch that can never be answered: failed at once, not retried. */
export class BatchTooLarge extends Error {}
