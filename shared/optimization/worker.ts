// The optimization worker: one queued job per SQS message.
//  - Idempotent: a message for a finished job does nothing; a message for a queued or running
//    job (a redelivery after a crash) runs it again from its stored request.
//  - Crash mid-solve: nothing final has been written, the message comes back after the
//    visibility timeout and the job runs again (attempts counts the runs).
//  - A problem the solver refuses (SolverError) or the routing engine cannot route fails the job
//    at once (code 2 / 3): a retry would fail the same way.
//  - Any other error is retried by SQS; on the last delivery the job is failed (code 1) before
//    the message goes to the dead-letter queue, whose consumer (failDeadLetter) covers the
//    crashes that never reached this code.
// Progress is logged as JSON lines with the job id.
import { solveWithStats, type SolveReport } from '../solver';
import { logger } from '../platform/log';
import { encodeBlob } from '../platform/blob';
import { internalFailureMessage, permanentFailure } from './failure';
import { buildMatrices, routeGeometries } from './matrices';
import { JOB_RETENTION_SECONDS, RESULT_CODE, type JobMessage, type JobRecord } from './model';
import { toClientResult } from './client-result';
import { completedBody } from './result';
import { seedFromExistingSolution } from './existing-solution';
import { emitJobEvent, loadRequest, type OptimizationDeps } from './service';
import type { LatLon } from './geo';
import { parseLatLon } from './geo';
import { toSolverInput } from './solver-input';

export interface DeliveryInfo {
  /** This message's ApproximateReceiveCount (1 on the first delivery). */
  receiveCount: number;
  /** The queue's maxReceiveCount: the delivery after which the message goes to the DLQ. */
  maxReceiveCount: number;
  /** Milliseconds left before the function times out. */
  remainingMs: () => number;
}

export interface WorkerDeps extends OptimizationDeps {
  solve: typeof solveWithStats;
  /** Unix ms, for the solving deadline and the progress log. */
  clock: () => number;
}

export type Outcome = 'completed' | 'failed' | 'skipped' | 'missing';

/**
 * Solving time when options.objective.solving_time_limit is not given, from the problem size;
 * solver_mode `fast` takes a quarter of it (at least 1 s).
 */
export function defaultSolvingSeconds(tasks: number, mode?: string): number {
  const flexible = Math.min(60, Math.max(2, Math.ceil(tasks / 20)));
  return mode === 'fast' ? Math.max(1, Math.ceil(flexible / 4)) : flexible;
}

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
  const reserve = 5_000 + Math.ceil(locations * locations * 0.002) + 10 * tasks;
  const available = Math.max(500, remainingMs - reserve);
  const wanted = (requestedSeconds ?? defaultSolvingSeconds(tasks, mode)) * 1000;
  return { budgetMs: Math.min(wanted, available), capped: requestedSeconds !== undefined && wanted > available };
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Sends the final event of a finished job and notes it, so a redelivered message can send it
 * again when the worker died in between (at least once; the event id stays the same).
 */
export async function sendFinalEvent(deps: OptimizationDeps, job: JobRecord, status: 'completed' | 'failed'): Promise<void> {
  if (!job.webhook || job.final_event_sent) return;
  if (await emitJobEvent(deps, job, status === 'completed' ? 'JOB_COMPLETED' : 'JOB_FAILED')) {
    await deps.store
      .markFinalEventSent(job.space, job.id)
      .catch((error) => logger.warn('final event not noted', { job_id: job.id, error }));
  }
}

async function fail(deps: OptimizationDeps, job: JobRecord, code: number, message: string): Promise<Outcome> {
  const done = await deps.store.finish(job, { status: 'failed', now: now(), code, message });
  if (done) {
    logger.warn('optimization job failed', { job_id: job.id, code, message, attempts: job.attempts });
    await sendFinalEvent(deps, job, 'failed');
  }
  return done ? 'failed' : 'skipped';
}

/** Runs one job message. Throws to have SQS redeliver it (a retryable failure). */
export async function runJob(message: JobMessage, info: DeliveryInfo, deps: WorkerDeps): Promise<Outcome> {
  const { store } = deps;
  const { space, id } = message;
  const existing = await store.get(space, id);
  if (!existing) {
    logger.warn('optimization job not found; message dropped', { job_id: id });
    return 'missing';
  }
  if (existing.status === 'completed' || existing.status === 'failed') {
    logger.info('optimization job already finished; redelivery ignored', { job_id: id, status: existing.status });
    await sendFinalEvent(deps, existing, existing.status);
    return 'skipped';
  }
  const job = await store.markRunning(space, id, now());
  if (!job) return 'skipped';
  const started = deps.clock();
  const log = (msg: string, fields: Record<string, unknown> = {}) =>
    logger.info(msg, { job_id: id, attempt: job.attempts, elapsed_ms: deps.clock() - started, ...fields });
  log('optimization job started', { receive_count: info.receiveCount });
  try {
    const seeded = await seedFromExistingSolution(store, space, await loadRequest(store, job));
    const req = seeded.request;
    const parsed = req.locations.location.map((t) => parseLatLon(t) ?? [0, 0]) as LatLon[];
    const input = toSolverInput(req, parsed);
    const locations = input.locations;
    const built = buildMatrices(req, locations);
    log('travel matrices ready', { locations: locations.length, source: built.source });
    const tasks = (req.jobs?.length ?? 0) + 2 * (req.shipments?.length ?? 0);
    const requested = req.options?.objective?.solving_time_limit;
    const mode = req.options?.objective?.solver_mode;
    const { budgetMs, capped } = solvingBudgetMs(requested, tasks, locations.length, info.remainingMs(), mode);
    const warnings = new Set([...job.warnings, ...seeded.warnings, ...built.warnings]);
    if (capped) warnings.add(`options.objective.solving_time_limit capped to ${Math.floor(budgetMs / 1000)} s by the worker's time budget`);
    log('solving', { tasks, vehicles: req.vehicles.length, budget_ms: budgetMs });
    const t0 = deps.clock();
    const report: SolveReport = deps.solve(input.request, built.matrices, {
      deadlineMs: t0 + budgetMs,
      clock: deps.clock,
      seed: 1,
    });
    log('solved', {
      iterations: report.stats.iterations,
      improvements: report.stats.improvements,
      cost: report.result.summary.cost,
      routes: report.result.summary.routes,
      unassigned: report.result.summary.unassigned,
    });
    const solvedAt = now();
    const result = toClientResult(report.result, req, parsed.length);
    const body = completedBody(job, result, routeGeometries(result, req), [...warnings], solvedAt);
    const blob = encodeBlob(body);
    await store.putBlob(space, id, 'RES', blob.chunks, job.created_at + JOB_RETENTION_SECONDS);
    const done = await store.finish(job, {
      status: 'completed',
      now: solvedAt,
      resultChunks: blob.chunks.length,
      resultBytes: blob.rawBytes,
      warnings: [...warnings],
    });
    if (!done) return 'skipped';
    log('optimization job completed', { result_bytes: blob.rawBytes, chunks: blob.chunks.length });
    await sendFinalEvent(deps, job, 'completed');
    return 'completed';
  } catch (error) {
    const permanent = permanentFailure(error);
    if (permanent) {
      logger.warn('optimization job refused', { job_id: id, error });
      return fail(deps, job, permanent.code, permanent.message);
    }
    logger.error('optimization job attempt failed', { job_id: id, attempt: job.attempts, receive_count: info.receiveCount, error });
    if (info.receiveCount >= info.maxReceiveCount) {
      await fail(deps, job, RESULT_CODE.internal, internalFailureMessage(id, info.receiveCount));
    }
    throw error;
  }
}

/** Dead-letter consumer: a job whose message ran out of deliveries is failed (if not already). */
export async function failDeadLetter(message: JobMessage, deps: OptimizationDeps): Promise<Outcome> {
  const job = await deps.store.get(message.space, message.id);
  if (!job) return 'missing';
  if (job.status === 'completed' || job.status === 'failed') return 'skipped';
  logger.error('optimization job dead-lettered', { job_id: job.id, attempts: job.attempts });
  return fail(deps, job, RESULT_CODE.internal, `the job did not finish after ${job.attempts} attempt(s) (timeout or crash)`);
}
