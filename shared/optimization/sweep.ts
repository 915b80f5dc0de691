// The sweeper, run on a schedule (functions/optimization/sweep.ts) so that no job waits forever
// and no key's pending count drifts from its jobs:
//  - a job `queued` for longer than the queued deadline lost its message (the submitter died
//    between storing and queueing it, or the queue was emptied): it is queued again;
//  - a job `running` the same attempt for longer than the worker can run (its timeout plus a
//    margin) has no worker left: it is failed (code 1), which frees its slot and sends JOB_FAILED;
//  - a key with pending jobs whose counter differs from their number (a submitter that died
//    between taking a slot and storing its job, say) has the counter set to that number. The
//    index is eventually consistent and submissions go on meanwhile, so a counter is corrected
//    only when it and the count read the same after a short settle, and only if it has not moved.
// One failure does not stop the rest of the sweep; the sweep throws at the end, for the alarm.
import { logger } from '../platform/log';
import { JOB_WORKER_TIMEOUT_SECONDS, RESULT_CODE, type JobMessage, type JobRecord } from './model';
import type { OptimizationDeps } from './service';
import type { OptimizationJobStore } from './store';
import { sendFinalEvent } from './worker';

/** A queued job is picked up within seconds; ten minutes means its message is gone. */
export const QUEUED_DEADLINE_SECONDS = 600;
/** Past the worker's timeout: covers a slow start and clocks that disagree. */
export const RUNNING_MARGIN_SECONDS = 300;

export type SweepStore = Pick<OptimizationJobStore, 'pendingJobs' | 'requeue' | 'finish' | 'pendingCount' | 'correctPendingCount'>;

export interface SweepDeps {
  store: SweepStore;
  enqueue: (message: JobMessage) => Promise<void>;
  /** Sends the final event of a job the sweep failed. */
  jobFailed: (job: JobRecord) => Promise<void>;
  /** Unix seconds. */
  now: () => number;
  /** The pause between two readings of a counter that looks wrong. */
  settle: () => Promise<void>;
  queuedDeadlineSeconds: number;
  runningLimitSeconds: number;
}

/** The sweeper's deps on top of the service's: its clock, pause and deadlines. */
export function sweepDepsOf(service: OptimizationDeps): SweepDeps {
  return {
    store: service.store,
    enqueue: service.enqueue,
    jobFailed: (job) => sendFinalEvent(service, job, 'failed'),
    now: () => Math.floor(Date.now() / 1000),
    settle: () => new Promise((resolve) => setTimeout(resolve, 2000)),
    queuedDeadlineSeconds: QUEUED_DEADLINE_SECONDS,
    runningLimitSeconds: JOB_WORKER_TIMEOUT_SECONDS + RUNNING_MARGIN_SECONDS,
  };
}

export interface CounterCorrection {
  space: string;
  keyHash: string;
  from: number;
  to: number;
}

export interface SweepReport {
  requeued: string[];
  failed: string[];
  corrected: CounterCorrection[];
  errors: number;
}

const keyOf = (space: string, keyHash: string) => `${space}\u0000${keyHash}`;

async function pendingByKey(deps: SweepDeps): Promise<Map<string, { space: string; keyHash: string; jobs: number }>> {
  const keys = new Map<string, { space: string; keyHash: string; jobs: number }>();
  for (const job of await deps.store.pendingJobs()) {
    const k = keyOf(job.space, job.key_hash);
    const entry = keys.get(k) ?? { space: job.space, keyHash: job.key_hash, jobs: 0 };
    entry.jobs++;
    keys.set(k, entry);
  }
  return keys;
}

async function sweepJob(job: JobRecord, deps: SweepDeps, now: number, report: SweepReport): Promise<void> {
  if (job.status === 'queued' && job.updated_at <= now - deps.queuedDeadlineSeconds) {
    if (!(await deps.store.requeue(job, now))) return;
    await deps.enqueue({ space: job.space, id: job.id });
    report.requeued.push(job.id);
    logger.warn('stuck optimization job queued again', { job_id: job.id, queued_since: job.updated_at });
  } else if (job.status === 'running' && job.started_at !== undefined && job.started_at <= now - deps.runningLimitSeconds) {
    const message = `the worker stopped (timeout or crash) on attempt ${job.attempts} and no retry followed`;
    if (!(await deps.store.finish(job, { status: 'failed', now, code: RESULT_CODE.internal, message }, job.started_at))) return;
    report.failed.push(job.id);
    logger.error('stuck optimization job failed', { job_id: job.id, started_at: job.started_at, attempts: job.attempts });
    await deps.jobFailed(job);
  }
}

async function correctCounters(deps: SweepDeps, report: SweepReport): Promise<void> {
  const suspects: { space: string; keyHash: string; jobs: number; counter: number }[] = [];
  for (const key of (await pendingByKey(deps)).values()) {
    const counter = await deps.store.pendingCount(key.space, key.keyHash);
    if (counter !== key.jobs) suspects.push({ ...key, counter });
  }
  if (!suspects.length) return;
  await deps.settle();
  const again = await pendingByKey(deps);
  for (const s of suspects) {
    const jobs = again.get(keyOf(s.space, s.keyHash))?.jobs ?? 0;
    if (jobs !== s.jobs || (await deps.store.pendingCount(s.space, s.keyHash)) !== s.counter) continue;
    if (!(await deps.store.correctPendingCount(s.space, s.keyHash, s.counter, jobs))) continue;
    report.corrected.push({ space: s.space, keyHash: s.keyHash, from: s.counter, to: jobs });
    logger.warn('pending job counter corrected', { space: s.space, from: s.counter, to: jobs });
  }
}

export async function sweepJobs(deps: SweepDeps): Promise<SweepReport> {
  const report: SweepReport = { requeued: [], failed: [], corrected: [], errors: 0 };
  const now = deps.now();
  for (const job of await deps.store.pendingJobs()) {
    try {
      await sweepJob(job, deps, now, report);
    } catch (error) {
      report.errors++;
      logger.error('optimization job not swept', { job_id: job.id, error });
    }
  }
  try {
    await correctCounters(deps, report);
  } catch (error) {
    report.errors++;
    logger.error('pending job counters not corrected', { error });
  }
  logger.info('optimization jobs swept', {
    requeued: report.requeued.length,
    failed: report.failed.length,
    corrected: report.corrected.length,
    errors: report.errors,
  });
  if (report.errors) throw new Error(`optimization sweep: ${report.errors} step(s) failed; see the log lines above`);
  return report;
}
