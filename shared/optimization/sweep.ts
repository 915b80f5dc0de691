// The sweeper, run on a schedule (functions/optimization/sweep.ts) so that no job waits forever,
// no webhook event is left unsent and no key's pending count drifts from its jobs:
//  - a job `queued` for longer than the queued deadline lost its message (the submitter died
//    between storing and queueing it, or the queue was emptied): it is queued again;
//  - a job `running` whose lease has ended has no worker left (it was killed, or timed out): it
//    is queued again, or failed (code 1, JOB_FAILED sent) once it has used up its attempts;
//  - a finished job whose final webhook event is still not queued a minute later gets it queued;
//  - a key whose counter differs from its number of pending jobs has the counter set to that
//    number, whether or not it has pending jobs. The listings are eventually consistent and
//    submissions go on meanwhile, so a counter is corrected only when it and the count read the
//    same after a short settle, and only if it has not moved.
// One failure does not stop the rest of the sweep; the sweep throws at the end, for the alarm.
import { logger } from '../platform/log';
import {
  isPending,
  JOB_LEASE_MARGIN_SECONDS,
  JOB_MAX_RECEIVE_COUNT,
  JOB_WORKER_TIMEOUT_SECONDS,
  RESULT_CODE,
  type JobMessage,
  type JobRecord,
} from './model';
import { nowSeconds, sendOwedEvents, type OptimizationDeps } from './service';
import type { OptimizationJobStore } from './store';

/** A queued job is picked up within seconds; ten minutes means its message is gone. */
export const QUEUED_DEADLINE_SECONDS = 600;
/** A worker queues a job's final event right after finishing it; a minute later it is not coming. */
export const UNSENT_EVENT_GRACE_SECONDS = 60;

export type SweepStore = Pick<
  OptimizationJobStore,
  'jobsToSweep' | 'pendingCounters' | 'requeue' | 'finish' | 'pendingCount' | 'correctPendingCount'
>;

export interface SweepDeps {
  store: SweepStore;
  enqueue: (message: JobMessage) => Promise<void>;
  /** Queues the webhook events a job owes; false when one could not be queued. */
  sendEvents: (job: JobRecord) => Promise<boolean>;
  /** Unix seconds. */
  now: () => number;
  /** The pause between two readings of a counter that looks wrong. */
  settle: () => Promise<void>;
  queuedDeadlineSeconds: number;
  /** Attempts a job gets; a job whose worker died on the last one is failed rather than queued again. */
  maxAttempts: number;
}

/** The sweeper's deps on top of the service's: its pause and limits. */
export function sweepDepsOf(service: OptimizationDeps): SweepDeps {
  return {
    store: service.store,
    enqueue: service.enqueue,
    sendEvents: (job) => sendOwedEvents(service, job),
    now: () => nowSeconds(service),
    settle: () => new Promise((resolve) => setTimeout(resolve, 2000)),
    queuedDeadlineSeconds: QUEUED_DEADLINE_SECONDS,
    maxAttempts: JOB_MAX_RECEIVE_COUNT,
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
  /** Finished jobs whose owed webhook events the sweep queued. */
  notified: string[];
  corrected: CounterCorrection[];
  errors: number;
}

/** When a running job's lease ends; jobs claimed before leases existed get the worker's timeout and the margin. */
function leaseEnd(job: JobRecord): number {
  return job.lease_until ?? (job.started_at ?? 0) + JOB_WORKER_TIMEOUT_SECONDS + JOB_LEASE_MARGIN_SECONDS;
}

async function queueAgain(job: JobRecord, deps: SweepDeps, now: number, report: SweepReport, why: string): Promise<void> {
  if (!(await deps.store.requeue(job, now))) return;
  await deps.enqueue({ space: job.space, id: job.id });
  report.requeued.push(job.id);
  logger.warn(`optimization job queued again: ${why}`, { job_id: job.id, status: job.status, attempts: job.attempts });
}

async function sweepJob(job: JobRecord, deps: SweepDeps, now: number, report: SweepReport): Promise<void> {
  if (!isPending(job.status)) {
    if ((job.finished_at ?? 0) > now - UNSENT_EVENT_GRACE_SECONDS) return;
    if (!(await deps.sendEvents(job))) throw new Error(`job ${job.id}: its final webhook event could not be queued`);
    report.notified.push(job.id);
  } else if (job.status === 'queued' && job.updated_at <= now - deps.queuedDeadlineSeconds) {
    await queueAgain(job, deps, now, report, 'its message was lost');
  } else if (job.status === 'running' && leaseEnd(job) <= now) {
    if (job.attempts < deps.maxAttempts) return queueAgain(job, deps, now, report, 'its worker stopped');
    const message = `the worker stopped (timeout or crash) on attempt ${job.attempts}, the last one`;
    const outcome = { status: 'failed', now, code: RESULT_CODE.internal, message } as const;
    if (!(await deps.store.finish(job, outcome, { attempt: job.attempts, leaseEndedBy: now }))) return;
    report.failed.push(job.id);
    logger.error('stuck optimization job failed', { job_id: job.id, started_at: job.started_at, attempts: job.attempts });
    if (!(await deps.sendEvents({ ...job, status: 'failed', code: outcome.code, message, finished_at: now })))
      throw new Error(`job ${job.id}: JOB_FAILED could not be queued; the next sweep sends it`);
  }
}

interface KeyCount {
  space: string;
  keyHash: string;
  /** Its pending jobs, as listed. */
  jobs: number;
  /** Its counter, as listed (unset: not listed yet). */
  listed?: number;
}

const keyOf = (space: string, keyHash: string) => `${space}\u0000${keyHash}`;

/** Every key with pending jobs or a counter: how many pending jobs it has, and its listed counter. */
async function countsByKey(deps: SweepDeps): Promise<Map<string, KeyCount>> {
  const keys = new Map<string, KeyCount>();
  const entry = (space: string, keyHash: string) => {
    const k = keyOf(space, keyHash);
    return keys.get(k) ?? keys.set(k, { space, keyHash, jobs: 0 }).get(k)!;
  };
  for (const job of await deps.store.jobsToSweep()) if (isPending(job.status)) entry(job.space, job.key_hash).jobs++;
  for (const c of await deps.store.pendingCounters()) entry(c.space, c.keyHash).listed = c.count;
  return keys;
}

async function correctCounters(deps: SweepDeps, report: SweepReport): Promise<void> {
  const suspects: (KeyCount & { counter: number })[] = [];
  for (const key of (await countsByKey(deps)).values()) {
    if (key.listed === key.jobs) continue;
    const counter = await deps.store.pendingCount(key.space, key.keyHash);
    if (counter !== key.jobs) suspects.push({ ...key, counter });
  }
  if (!suspects.length) return;
  await deps.settle();
  const again = await countsByKey(deps);
  for (const s of suspects) {
    const jobs = again.get(keyOf(s.space, s.keyHash))?.jobs ?? 0;
    if (jobs !== s.jobs || (await deps.store.pendingCount(s.space, s.keyHash)) !== s.counter) continue;
    if (!(await deps.store.correctPendingCount(s.space, s.keyHash, s.counter, jobs))) continue;
    report.corrected.push({ space: s.space, keyHash: s.keyHash, from: s.counter, to: jobs });
    logger.warn('pending job counter corrected', { space: s.space, from: s.counter, to: jobs });
  }
}

export async function sweepJobs(deps: SweepDeps): Promise<SweepReport> {
  const report: SweepReport = { requeued: [], failed: [], notified: [], corrected: [], errors: 0 };
  const now = deps.now();
  for (const job of await deps.store.jobsToSweep()) {
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
    notified: report.notified.length,
    corrected: report.corrected.length,
    errors: report.errors,
  });
  if (report.errors) throw new Error(`optimization sweep: ${report.errors} step(s) failed; see the log lines above`);
  return report;
}
