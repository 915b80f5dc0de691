// The optimization worker: one queued job per SQS message.
//  - A delivery claims the job for one attempt under a lease (store.claim; lease.ts sizes it to
//    the attempt's work and the heartbeat renews it while the worker lives): a second delivery of
//    the same job while the lease lives backs off until it ends (LeaseHeld), so one job never
//    runs twice at once. A message for a finished job only re-sends the webhook events it owes.
//  - The result is stored under the attempt's own name and committed by the one conditional
//    write that finishes the job and points it at those chunks; a losing attempt deletes its own.
//  - Crash mid-solve: nothing final has been written; the lease runs out (at most the planned work
//    plus JOB_LEASE_MARGIN_SECONDS after the claim, or the margin after the last beat) and the
//    message (or the sweeper) brings the job back, and it runs again (attempts counts the claims).
//  - A problem the solver refuses (SolverError) or the routing engine cannot route fails the job
//    at once (code 2 / 3): a retry would fail the same way.
//  - Any other error ends the lease and is retried by SQS; on the last delivery (or attempt) the
//    job is failed (code 1) before the message goes to the dead-letter queue, whose consumer
//    (failDeadLetter) covers the crashes that never reached this code.
// Progress is logged as JSON lines with the job id.
import { solveWithStats, type SolveReport } from '../solver';
import { logger } from '../platform/log';
import { count, emitMetrics, milliseconds, seconds } from '../platform/metrics';
import { span } from '../platform/tracing';
import { encodeBlob } from '../platform/blob';
import { internalFailureMessage, permanentFailure } from './failure';
import { buildMatrices, routeGeometries } from './matrices';
import type { RoadEditsSource } from '../routing/road-edits';
import { isPending, JOB_LEASE_MARGIN_SECONDS, JOB_RETENTION_SECONDS, RESULT_CODE, type JobMessage, type JobRecord } from './model';
import { AttemptLease, claimLeaseUntil } from './lease';
import { startHeartbeat } from '../platform/heartbeat';
import { toClientResult } from './client-result';
import { completedBody } from './result';
import { seedFromExistingSolution } from './existing-solution';
import { loadRequest, nowSeconds, sendOwedEvents, type OptimizationDeps } from './service';
import { resultBlobName, type JobOutcome } from './store';
import type { LatLonPair } from '../geo/types';
import { parseLatLon } from './geo';
import { toSolverInput } from './solver-input';
import { addRoadPoints, routingProfiles } from './road-points';

export interface DeliveryInfo {
  /** This message's ApproximateReceiveCount (1 on the first delivery). */
  receiveCount: number;
  /** The queue's maxReceiveCount: the delivery after which the message goes to the DLQ. */
  maxReceiveCount: number;
  /** Milliseconds left before the function times out. */
  remainingMs: () => number;
}

export interface WorkerDeps extends OptimizationDeps {
  /** solveWithStats, or a multi-threaded equivalent (shared/solver-threads). */
  solve: (...args: Parameters<typeof solveWithStats>) => SolveReport | Promise<SolveReport>;
  /** The road editor's restrictions of the job's space (none when absent). */
  roadEdits?: RoadEditsSource;
  /** Seconds between two renewals of a running attempt's lease; unset: no heartbeat (tests that move the clock themselves). */
  heartbeatSeconds?: number;
}

/** `busy`: another attempt holds the job on the message's last delivery; that attempt finishes it. */
export type Outcome = 'completed' | 'failed' | 'skipped' | 'missing' | 'busy';

/** Thrown for a delivery of a job another attempt holds: deliver the message again once the lease ends. */
export class LeaseHeld extends Error {
  constructor(
    readonly jobId: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`job ${jobId} is held by another attempt for ${retryAfterSeconds} s more`);
    this.name = 'LeaseHeld';
  }
}

/**
 * Solving time when options.objective.solving_time_limit is not given, from the problem size;
 * solver_mode `fast` takes a quarter of it (at least 1 s).
 */
export function defaultSolvingSeconds(tasks: number, mode?: string): number {
  const flexible = Math.min(60, Math.max(2, Math.ceil(tasks / 20)));
  return mode === 'fast' ? Math.max(1, Math.ceil(flexible / 4)) : flexible;
}

/** Milliseconds an attempt needs besides solving: matrices, storing the result, webhooks. */
export const workReserveMs = (tasks: number, locations: number): number => 5_000 + Math.ceil(locations * locations * 0.002) + 10 * tasks;

/**
 * Milliseconds the solver may use: the requested limit (or the size default), never more than
 * the function has left minus a reserve for building matrices, storing the result and webhooks.
 */
export function solvingBudgetMs(
  requestedSeconds: number | undefined,
  tasks: number,
  locations: number,
  remainingMs: number,
  mode?: string,
): {
  budgetMs: number;
  capped: boolean;
} {
  const available = Math.max(500, remainingMs - workReserveMs(tasks, locations));
  const wanted = (requestedSeconds ?? defaultSolvingSeconds(tasks, mode)) * 1000;
  return { budgetMs: Math.min(wanted, available), capped: requestedSeconds !== undefined && wanted > available };
}

/** Queues the events a job owes; throws when one could not be queued, so the message comes back to send it. */
async function sendOwedOrRetry(deps: OptimizationDeps, job: JobRecord): Promise<void> {
  if (!(await sendOwedEvents(deps, job))) throw new Error(`job ${job.id}: a webhook event could not be queued; retrying`);
}

/** Fails the attempt's job (if it still holds it) and sends JOB_FAILED. */
async function fail(deps: OptimizationDeps, job: JobRecord, code: number, message: string): Promise<Outcome> {
  const now = nowSeconds(deps);
  if (!(await deps.store.finish(job, { status: 'failed', now, code, message }, { attempt: job.attempts }))) return 'skipped';
  logger.warn('optimization job failed', { job_id: job.id, code, message, attempts: job.attempts });
  await sendOwedEvents(deps, { ...job, status: 'failed', code, message, finished_at: now });
  return 'failed';
}

/** Why a delivery could not claim its job, and what to do with the message. */
async function notClaimed(message: JobMessage, info: DeliveryInfo, deps: OptimizationDeps): Promise<Outcome> {
  const job = await deps.store.get(message.space, message.id);
  if (!job) {
    logger.warn('optimization job not found; message dropped', { job_id: message.id });
    return 'missing';
  }
  if (!isPending(job.status)) {
    logger.info('optimization job already finished; redelivery ignored', { job_id: job.id, status: job.status });
    await sendOwedOrRetry(deps, job);
    return 'skipped';
  }
  const left = (job.lease_until ?? 0) - nowSeconds(deps);
  if (job.status === 'running' && left > 0) {
    logger.info('optimization job held by another attempt', { job_id: job.id, attempt: job.attempts, lease_left_s: left });
    if (info.receiveCount >= info.maxReceiveCount) return 'busy';
    throw new LeaseHeld(job.id, left);
  }
  // Claimable again by now: it changed between the claim and this read. Deliver again.
  throw new Error(`job ${job.id} changed while being claimed; retrying`);
}

/**
 * After the commit found the job no longer held by this attempt: the attempt lost. Its chunks
 * are deleted unless they are the job's result after all (a commit retried after a lost answer).
 */
async function lostCommit(deps: OptimizationDeps, job: JobRecord, chunks: number): Promise<JobRecord | Outcome> {
  const current = await deps.store.get(job.space, job.id);
  if (current && !isPending(current.status)) {
    if (current.result_attempt === job.attempts) return current;
  } else if (current && current.attempts === job.attempts) {
    throw new Error(`job ${job.id}: the result could not be committed; retrying`);
  }
  logger.warn('optimization attempt lost to another; its result discarded', { job_id: job.id, attempt: job.attempts });
  await deps.store
    .deleteBlob(job.space, job.id, resultBlobName(job.attempts), chunks)
    .catch((error) => logger.warn('discarded result not deleted; it expires with the job', { job_id: job.id, error }));
  return 'skipped';
}

/** Solves a claimed job and commits its result; the completed job as stored, or the outcome when it lost. */
async function solveAndCommit(job: JobRecord, info: DeliveryInfo, deps: WorkerDeps, lease: AttemptLease): Promise<JobRecord | Outcome> {
  const { store } = deps;
  const started = deps.clock();
  const log = (msg: string, fields: Record<string, unknown> = {}) =>
    logger.info(msg, { job_id: job.id, attempt: job.attempts, elapsed_ms: deps.clock() - started, ...fields });
  log('optimization job started', { receive_count: info.receiveCount });
  const seeded = await seedFromExistingSolution(store, job.space, await loadRequest(store, job));
  const req = seeded.request;
  const parsed = req.locations.location.map((t) => parseLatLon(t) ?? [0, 0]) as LatLonPair[];
  const input = toSolverInput(req, parsed);
  const locations = input.locations;
  const tasks = (req.jobs?.length ?? 0) + 2 * (req.shipments?.length ?? 0);
  const requested = req.options?.objective?.solving_time_limit;
  const mode = req.options?.objective?.solver_mode;
  const { budgetMs, capped } = solvingBudgetMs(requested, tasks, locations.length, info.remainingMs(), mode);
  await lease.plan((workReserveMs(tasks, locations.length) + budgetMs) / 1000);
  const departure = req.options?.routing?.traffic_timestamp ?? nowSeconds(deps);
  const edits = req.duration_matrix ? undefined : await deps.roadEdits?.editsFor(job.space, departure);
  const built = buildMatrices(req, locations, edits);
  log('travel matrices ready', { locations: locations.length, source: built.source });
  const warnings = new Set([...job.warnings, ...seeded.warnings, ...built.warnings]);
  if (capped) warnings.add(`options.objective.solving_time_limit capped to ${Math.floor(budgetMs / 1000)} s by the worker's time budget`);
  log('solving', { tasks, vehicles: req.vehicles.length, budget_ms: budgetMs });
  const t0 = deps.clock();
  const solve = () => deps.solve(input.request, built.matrices, { deadlineMs: t0 + budgetMs, clock: deps.clock, seed: 1, engine: 'auto' });
  const report: SolveReport = await span('solve', solve, { attributes: { job_id: job.id, tasks } });
  log('solved', {
    engine: report.engine,
    iterations: report.stats.iterations,
    improvements: report.stats.improvements,
    regions_joined: report.stats.joined,
    cost: report.result.summary.cost,
    routes: report.result.summary.routes,
    unassigned: report.result.summary.unassigned,
  });
  const solvedAt = nowSeconds(deps);
  const result = toClientResult(report.result, req, parsed.length);
  addRoadPoints(result, req);
  result.routing_profiles = routingProfiles(req, built.network);
  const body = completedBody(job, result, routeGeometries(result, req, edits), [...warnings], solvedAt);
  const blob = encodeBlob(body);
  await store.putBlob(job.space, job.id, resultBlobName(job.attempts), blob.chunks, job.created_at + JOB_RETENTION_SECONDS);
  const outcome: JobOutcome = {
    status: 'completed',
    now: solvedAt,
    attempt: job.attempts,
    resultChunks: blob.chunks.length,
    resultBytes: blob.rawBytes,
    warnings: [...warnings],
  };
  if (!(await store.finish(job, outcome, { attempt: job.attempts }))) return lostCommit(deps, job, blob.chunks.length);
  log('optimization job completed', { result_bytes: blob.rawBytes, chunks: blob.chunks.length });
  emitMetrics({
    group: 'job',
    dimensions: { Feature: 'optimization' },
    values: {
      QueueWait: seconds(Math.max(0, (job.started_at ?? job.created_at) - job.created_at)),
      SolveTime: milliseconds(deps.clock() - t0),
      Tasks: count(tasks),
      Unassigned: count(report.result.summary.unassigned),
    },
  });
  return { ...job, status: 'completed', finished_at: solvedAt, result_attempt: job.attempts };
}

/** Runs one job message. Throws to have SQS deliver it again (a retryable failure, or LeaseHeld). */
export async function runJob(message: JobMessage, info: DeliveryInfo, deps: WorkerDeps): Promise<Outcome> {
  const now = nowSeconds(deps);
  const hardEnd = now + Math.ceil(info.remainingMs() / 1000) + JOB_LEASE_MARGIN_SECONDS;
  const job = await deps.store.claim(message.space, message.id, now, claimLeaseUntil(now, hardEnd));
  if (!job) return notClaimed(message, info, deps);
  // JOB_CREATED, if the submitter could not queue it; a failure here leaves it owed for later.
  await sendOwedEvents(deps, job);
  const lease = new AttemptLease(job, deps.store, () => nowSeconds(deps), hardEnd);
  const beat = deps.heartbeatSeconds
    ? startHeartbeat(`optimization job ${job.id}`, () => lease.renew(), deps.heartbeatSeconds * 1000)
    : undefined;
  let done: JobRecord | Outcome;
  try {
    done = await solveAndCommit(job, info, deps, lease);
    await beat?.stop();
  } catch (error) {
    // Stopped first: a late beat would lengthen the lease the release below ends.
    await beat?.stop();
    const permanent = permanentFailure(error);
    if (permanent) {
      logger.warn('optimization job refused', { job_id: job.id, error });
      return fail(deps, job, permanent.code, permanent.message);
    }
    logger.error('optimization job attempt failed', { job_id: job.id, attempt: job.attempts, receive_count: info.receiveCount, error });
    if (info.receiveCount >= info.maxReceiveCount || job.attempts >= info.maxReceiveCount) {
      await fail(deps, job, RESULT_CODE.internal, internalFailureMessage(job.id, job.attempts));
    } else {
      await deps.store
        .releaseLease(job)
        .catch((e) => logger.warn('lease not released; the retry waits for it to end', { job_id: job.id, error: e }));
    }
    throw error;
  }
  if (typeof done === 'string') return done;
  await sendOwedOrRetry(deps, done);
  return 'completed';
}

/**
 * Dead-letter consumer: a job whose message ran out of deliveries is failed, unless an attempt
 * still holds it (that attempt finishes it; if it dies, the sweeper takes over). A finished job
 * gets the webhook events it still owes.
 */
export async function failDeadLetter(message: JobMessage, deps: OptimizationDeps): Promise<Outcome> {
  const job = await deps.store.get(message.space, message.id);
  if (!job) return 'missing';
  if (!isPending(job.status)) {
    await sendOwedOrRetry(deps, job);
    return 'skipped';
  }
  const now = nowSeconds(deps);
  const why = `the job did not finish after ${job.attempts} attempt(s) (timeout or crash)`;
  if (!(await deps.store.finish(job, { status: 'failed', now, code: RESULT_CODE.internal, message: why }, { leaseEndedBy: now }))) {
    const after = await deps.store.get(job.space, job.id);
    if (after && !isPending(after.status)) await sendOwedOrRetry(deps, after);
    return after?.status === 'running' ? 'busy' : 'skipped';
  }
  logger.error('optimization job dead-lettered', { job_id: job.id, attempts: job.attempts });
  await sendOwedOrRetry(deps, { ...job, status: 'failed', code: RESULT_CODE.internal, message: why, finished_at: now });
  return 'failed';
}
