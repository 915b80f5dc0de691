// The route optimization service around the solver: submit (validate, store, queue), result,
// re-optimization, and the job's webhook events. The worker is in ./worker.ts.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/model';
import { notFound, tooManyRequests } from '../platform/errors';
import { logger } from '../platform/log';
import type { OptimizationRequest, ReOptimizationRequest, WebhookEvent } from './schemas';
import type { ClientResult } from './client-result';
import { emitWebhook, type DeliveryDeps } from '../webhooks/delivery';
import { decodeBlob, encodeBlob, UnreadableBlob } from '../platform/blob';
import { routingWarnings } from './matrices';
import { JOB_RETENTION_SECONDS, MAX_PENDING_JOBS_PER_KEY, RESULT_CODE, type JobMessage, type JobRecord, type JobWebhook } from './model';
import { applyReOptimization } from './reoptimize';
import { failedBody, pendingBody, type ResultBody } from './result';
import { owesFinalEvent, resultBlobName, type OptimizationJobStore } from './store';
import { checkWebhookTarget, validateProblem, type ValidateContext } from './validate';
import { problemWarnings, reOptimizationWarnings } from './warnings';
import { resolveZoneGeofences, type GeofenceLookup } from './zone-shapes';

/** What the service works with, built by its caller (functions/optimization/deps.ts, tests). */
export interface OptimizationDeps {
  store: OptimizationJobStore;
  /** Puts a job message on the job queue. */
  enqueue: (message: JobMessage) => Promise<void>;
  /** How job webhooks are queued (or, without a queue, sent). */
  webhooks: DeliveryDeps;
  /** Unix ms: job timestamps and leases. */
  clock: () => number;
  /** The space's stored geofences, for zones given by `geofence_id`; without it none is found. */
  geofences?: GeofenceLookup;
}

const NO_GEOFENCES: GeofenceLookup = { getMany: async () => [] };

export interface SubmitResponse {
  id: string;
  message: string;
  status: 'Ok';
  warnings: string[];
}

/** Seconds a caller refused for too many pending jobs is told to wait. */
const PENDING_RETRY_AFTER_SECONDS = 10;

/** The deps' clock in Unix seconds, the unit jobs are stamped in. */
export const nowSeconds = (deps: Pick<OptimizationDeps, 'clock'>) => Math.floor(deps.clock() / 1000);

/** A webhook event's id: the same for every emit and retry of one event of one job. */
export function eventId(jobId: string, event: WebhookEvent): string {
  return `msg_${jobId}_${event}`;
}

/** Queues one event of the job's webhook; false when it could not be queued. */
function emitJobEvent(deps: OptimizationDeps, job: JobRecord, hook: JobWebhook, event: WebhookEvent): Promise<boolean> {
  return emitWebhook(
    {
      id: eventId(job.id, event),
      event,
      url: hook.url,
      timeout: hook.timeout,
      payload: { event, request_id: job.id, timestamp: nowSeconds(deps) },
      space: job.space,
      keyHash: job.key_hash,
    },
    deps.webhooks,
  );
}

/**
 * Queues every webhook event the job owes and has not noted as queued: JOB_CREATED (moot once
 * the final event is out), then JOB_COMPLETED / JOB_FAILED once it is final. Notes each on the
 * job, and on `job` itself. Any step may run again after a crash: a repeated event keeps its id
 * (at least once). False when an event could not be queued (a later run sends it).
 */
export async function sendOwedEvents(deps: OptimizationDeps, job: JobRecord): Promise<boolean> {
  const hook = job.webhook;
  if (!hook) return true;
  const owed: ['created' | 'final', WebhookEvent][] = [];
  if (!job.created_event_sent && !job.final_event_sent && hook.events.includes('JOB_CREATED')) owed.push(['created', 'JOB_CREATED']);
  if ((job.status === 'completed' || job.status === 'failed') && owesFinalEvent(job, job.status))
    owed.push(['final', job.status === 'completed' ? 'JOB_COMPLETED' : 'JOB_FAILED']);
  for (const [which, event] of owed) {
    if (!(await emitJobEvent(deps, job, hook, event))) return false;
    job[which === 'created' ? 'created_event_sent' : 'final_event_sent'] = true;
    // Unnoted, the event is queued again by a later run: a duplicate with the same id, never a loss.
    await deps.store
      .markEventSent(job.space, job.id, which)
      .catch((error) => logger.warn('webhook event not noted', { job_id: job.id, event, error }));
  }
  return true;
}

function webhookOf(req: OptimizationRequest): JobWebhook | undefined {
  const w = req.options?.webhook;
  if (!w) return undefined;
  return { url: w.url, events: w.events ?? ['JOB_CREATED', 'JOB_COMPLETED', 'JOB_FAILED'], timeout: w.timeout ?? 10 };
}

const tooManyPending = () =>
  tooManyRequests(
    `optimization: at most ${MAX_PENDING_JOBS_PER_KEY} pending (queued or running) jobs per key; new jobs are accepted once some are resolved`,
    PENDING_RETRY_AFTER_SECONDS,
  );

/**
 * Stores a validated problem as a queued job and queues it; 429 past the key's pending limit.
 * Writes in an order that a crash at any step leaves repairable: the request blob (unreferenced
 * until the job exists; it expires with the job's retention), then the job with its pending slot
 * in one transaction, then JOB_CREATED, then the message. A job whose message never went out is
 * queued again by the sweeper, so a failure to queue it is logged, not answered as an error.
 */
async function createJob(
  deps: OptimizationDeps,
  principal: Principal,
  req: OptimizationRequest,
  warnings: string[],
  parentId?: string,
): Promise<SubmitResponse> {
  const { store } = deps;
  const { space, keyHash } = principal;
  // A cheap refusal before the request is stored; the transaction below is the exact check.
  if ((await store.pendingCount(space, keyHash)) >= MAX_PENDING_JOBS_PER_KEY) throw tooManyPending();
  const id = randomUUID();
  const created = nowSeconds(deps);
  const blob = encodeBlob(req);
  await store.putBlob(space, id, 'REQ', blob.chunks, created + JOB_RETENTION_SECONDS);
  const job: JobRecord = {
    id,
    space,
    key_hash: keyHash,
    status: 'queued',
    description: req.description,
    created_at: created,
    updated_at: created,
    attempts: 0,
    request_chunks: blob.chunks.length,
    request_bytes: blob.rawBytes,
    warnings,
    webhook: webhookOf(req),
    parent_id: parentId,
  };
  if (!(await store.create(job, MAX_PENDING_JOBS_PER_KEY))) {
    await store
      .deleteBlob(space, id, 'REQ', blob.chunks.length)
      .catch((error) => logger.warn('unused request not deleted', { job_id: id, error }));
    throw tooManyPending();
  }
  await sendOwedEvents(deps, job);
  try {
    await deps.enqueue({ space, id });
  } catch (error) {
    logger.error('optimization job stored but not queued; the sweeper queues it', { job_id: id, error });
  }
  logger.info('optimization job queued', { job_id: id, parent_id: parentId, request_bytes: job.request_bytes, chunks: job.request_chunks });
  return { id, message: '', status: 'Ok', warnings };
}

export async function submitProblem(
  deps: OptimizationDeps,
  principal: Principal,
  body: OptimizationRequest,
  ctx: ValidateContext,
): Promise<SubmitResponse> {
  const validated = validateProblem(body, ctx);
  const { locations } = validated;
  const request = await resolveZoneGeofences(validated.request, principal.space, deps.geofences ?? NO_GEOFENCES);
  await checkWebhookTarget(request, ctx);
  return createJob(deps, principal, request, [...problemWarnings(validated.request, locations), ...routingWarnings(request, locations)]);
}

async function findJob(store: OptimizationJobStore, principal: Principal, id: string): Promise<JobRecord> {
  const job = await store.get(principal.space, id);
  if (!job) throw notFound(`id: no optimization job ${id}`);
  return job;
}

export async function loadRequest(store: OptimizationJobStore, job: JobRecord): Promise<OptimizationRequest> {
  return decodeBlob<OptimizationRequest>(await store.getBlob(job.space, job.id, 'REQ', job.request_chunks));
}

/**
 * A completed job's result: the chunks of the attempt the job item points at. Undefined when they
 * cannot be read back, which only results stored before attempts had chunks of their own can be.
 */
export async function readResult(store: OptimizationJobStore, job: JobRecord): Promise<ResultBody | undefined> {
  try {
    return decodeBlob<ResultBody>(await store.getBlob(job.space, job.id, resultBlobName(job.result_attempt), job.result_chunks ?? 0));
  } catch (error) {
    if (!(error instanceof UnreadableBlob)) throw error;
    logger.error('optimization result unreadable', { job_id: job.id, error });
    return undefined;
  }
}

const UNREADABLE_RESULT = 'the stored result of this job cannot be read; submit the problem again';

/** GET /optimization/v2/result: pending body, full result or failure; 404 outside the caller's space. */
export async function getResult(deps: Pick<OptimizationDeps, 'store'>, principal: Principal, id: string): Promise<ResultBody> {
  const job = await findJob(deps.store, principal, id);
  if (job.status === 'queued' || job.status === 'running') return pendingBody(job);
  if (job.status === 'failed') return failedBody(job);
  return (await readResult(deps.store, job)) ?? failedBody({ ...job, code: RESULT_CODE.internal, message: UNREADABLE_RESULT });
}

export async function reOptimize(
  deps: OptimizationDeps,
  principal: Principal,
  body: ReOptimizationRequest,
  ctx: ValidateContext,
): Promise<SubmitResponse> {
  const parent = await findJob(deps.store, principal, body.existing_request_id);
  const original = await loadRequest(deps.store, parent);
  // Without a readable earlier result the search starts from the original's own plan, if any.
  const stored = parent.status === 'completed' ? await readResult(deps.store, parent) : undefined;
  const previous = stored?.result as ClientResult | undefined;
  const changed = applyReOptimization(original, body, previous);
  const { request, locations } = validateProblem(changed, ctx);
  await checkWebhookTarget(request, ctx);
  const warnings = [...reOptimizationWarnings(body), ...problemWarnings(request, locations), ...routingWarnings(request, locations)];
  return createJob(deps, principal, request, warnings, parent.id);
}

/** What dispatch takes from a job (shared/dispatch/from-plan.ts): its result, its vehicles' metadata and its webhook. */
export interface PlanForDispatch {
  result: ResultBody;
  vehicles: { id: string | number; metadata?: Record<string, unknown> }[];
  webhook?: { url: string; timeout: number };
}

/** A job of the caller's space as dispatch reads it; 404 naming `ro_request_id` outside it. */
export async function planForDispatch(deps: Pick<OptimizationDeps, 'store'>, principal: Principal, id: string): Promise<PlanForDispatch> {
  const job = await deps.store.get(principal.space, id);
  if (!job) throw notFound(`ro_request_id: no optimization job "${id}"`);
  const result = await getResult(deps, principal, id);
  const vehicles = job.status === 'completed' ? (await loadRequest(deps.store, job)).vehicles : [];
  return { result, vehicles, webhook: job.webhook ? { url: job.webhook.url, timeout: job.webhook.timeout } : undefined };
}
