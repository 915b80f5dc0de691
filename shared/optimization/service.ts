// The route optimization service around the solver: submit (validate, store, queue), result,
// re-optimization. The worker is in ./worker.ts.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/model';
import { notFound, tooManyRequests } from '../platform/errors';
import { logger } from '../platform/log';
import type { OptimizationRequest, ReOptimizationRequest, WebhookEvent } from './schemas';
import type { ClientResult } from './client-result';
import { emitWebhook, type DeliveryDeps } from '../webhooks/delivery';
import { decodeBlob, encodeBlob } from '../platform/blob';
import { routingWarnings } from './matrices';
import { JOB_RETENTION_SECONDS, MAX_PENDING_JOBS_PER_KEY, RESULT_CODE, type JobMessage, type JobRecord, type JobWebhook } from './model';
import { applyReOptimization } from './reoptimize';
import { failedBody, pendingBody, type ResultBody } from './result';
import type { OptimizationJobStore } from './store';
import { checkWebhookTarget, validateProblem, type ValidateContext } from './validate';
import { problemWarnings, reOptimizationWarnings } from './warnings';

/** What the service works with, built by its caller (functions/optimization/deps.ts, tests). */
export interface OptimizationDeps {
  store: OptimizationJobStore;
  /** Puts a job message on the job queue. */
  enqueue: (message: JobMessage) => Promise<void>;
  /** How job webhooks are queued (or, without a queue, sent). */
  webhooks: DeliveryDeps;
}

export interface SubmitResponse {
  id: string;
  message: string;
  status: 'Ok';
  warnings: string[];
}

/** Seconds a caller refused for too many pending jobs is told to wait. */
const PENDING_RETRY_AFTER_SECONDS = 10;

const now = () => Math.floor(Date.now() / 1000);

/** A webhook event's id: the same for every emit and retry of one event of one job. */
export function eventId(jobId: string, event: WebhookEvent): string {
  return `msg_${jobId}_${event}`;
}

/** Queues the event if the job's webhook subscribed to it; true when nothing is left to send. */
export async function emitJobEvent(
  deps: OptimizationDeps,
  job: Pick<JobRecord, 'id' | 'space' | 'key_hash' | 'webhook'>,
  event: WebhookEvent,
): Promise<boolean> {
  const hook = job.webhook;
  if (!hook || !hook.events.includes(event)) return true;
  return emitWebhook(
    {
      id: eventId(job.id, event),
      event,
      url: hook.url,
      timeout: hook.timeout,
      payload: { event, request_id: job.id, timestamp: now() },
      space: job.space,
      keyHash: job.key_hash,
    },
    deps.webhooks,
  );
}

function webhookOf(req: OptimizationRequest): JobWebhook | undefined {
  const w = req.options?.webhook;
  if (!w) return undefined;
  return { url: w.url, events: w.events ?? ['JOB_CREATED', 'JOB_COMPLETED', 'JOB_FAILED'], timeout: w.timeout ?? 10 };
}

/** Stores a validated problem as a queued job and queues it; 429 past the key's pending limit. */
async function createJob(
  deps: OptimizationDeps,
  principal: Principal,
  req: OptimizationRequest,
  warnings: string[],
  parentId?: string,
): Promise<SubmitResponse> {
  const { store } = deps;
  const { space, keyHash } = principal;
  if (!(await store.reservePending(space, keyHash, MAX_PENDING_JOBS_PER_KEY))) {
    throw tooManyRequests(
      `optimization: at most ${MAX_PENDING_JOBS_PER_KEY} pending (queued or running) jobs per key; new jobs are accepted once some are resolved`,
      PENDING_RETRY_AFTER_SECONDS,
    );
  }
  const id = randomUUID();
  const created = now();
  const job: JobRecord = {
    id,
    space,
    key_hash: keyHash,
    status: 'queued',
    description: req.description,
    created_at: created,
    updated_at: created,
    attempts: 0,
    request_chunks: 0,
    request_bytes: 0,
    warnings,
    webhook: webhookOf(req),
    parent_id: parentId,
  };
  try {
    const blob = encodeBlob(req);
    await store.putBlob(space, id, 'REQ', blob.chunks, created + JOB_RETENTION_SECONDS);
    job.request_chunks = blob.chunks.length;
    job.request_bytes = blob.rawBytes;
    await store.create(job);
  } catch (error) {
    await store.releasePending(space, keyHash).catch((e) => logger.error('pending slot not released', { job_id: id, error: e }));
    throw error;
  }
  try {
    await deps.enqueue({ space, id });
  } catch (error) {
    // The job exists but nothing will run it: fail it (which frees the slot) and report the fault.
    await store
      .finish(job, { status: 'failed', now: now(), code: RESULT_CODE.internal, message: 'the job could not be queued' })
      .catch((e) => logger.error('unqueued job not failed', { job_id: id, error: e }));
    throw error;
  }
  logger.info('optimization job queued', { job_id: id, parent_id: parentId, request_bytes: job.request_bytes, chunks: job.request_chunks });
  await emitJobEvent(deps, job, 'JOB_CREATED');
  return { id, message: '', status: 'Ok', warnings };
}

export async function submitProblem(
  deps: OptimizationDeps,
  principal: Principal,
  body: OptimizationRequest,
  ctx: ValidateContext,
): Promise<SubmitResponse> {
  const { request, locations } = validateProblem(body, ctx);
  await checkWebhookTarget(request, ctx);
  return createJob(deps, principal, request, [...problemWarnings(request, locations), ...routingWarnings(request, locations)]);
}

async function findJob(store: OptimizationJobStore, principal: Principal, id: string): Promise<JobRecord> {
  const job = await store.get(principal.space, id);
  if (!job) throw notFound(`id: no optimization job ${id}`);
  return job;
}

export async function loadRequest(store: OptimizationJobStore, job: JobRecord): Promise<OptimizationRequest> {
  return decodeBlob<OptimizationRequest>(await store.getBlob(job.space, job.id, 'REQ', job.request_chunks));
}

export async function loadResult(store: OptimizationJobStore, job: JobRecord): Promise<ResultBody> {
  return decodeBlob<ResultBody>(await store.getBlob(job.space, job.id, 'RES', job.result_chunks ?? 0));
}

/** GET /optimization/v2/result: pending body, full result or failure; 404 outside the caller's space. */
export async function getResult(deps: Pick<OptimizationDeps, 'store'>, principal: Principal, id: string): Promise<ResultBody> {
  const job = await findJob(deps.store, principal, id);
  if (job.status === 'queued' || job.status === 'running') return pendingBody(job);
  if (job.status === 'failed') return failedBody(job);
  return loadResult(deps.store, job);
}

export async function reOptimize(
  deps: OptimizationDeps,
  principal: Principal,
  body: ReOptimizationRequest,
  ctx: ValidateContext,
): Promise<SubmitResponse> {
  const parent = await findJob(deps.store, principal, body.existing_request_id);
  const original = await loadRequest(deps.store, parent);
  let previous: ClientResult | undefined;
  if (parent.status === 'completed') {
    const stored = await loadResult(deps.store, parent);
    previous = stored.result as unknown as ClientResult;
  }
  const changed = applyReOptimization(original, body, previous);
  const { request, locations } = validateProblem(changed, ctx);
  await checkWebhookTarget(request, ctx);
  const warnings = [...reOptimizationWarnings(body), ...problemWarnings(request, locations), ...routingWarnings(request, locations)];
  return createJob(deps, principal, request, warnings, parent.id);
}
