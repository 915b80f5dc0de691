// After a local restart the SQS emulator is empty (it keeps messages in memory) while DynamoDB
// Local keeps the jobs: queued and running jobs would wait forever. The launcher calls
// requeuePendingJobs() once the tables and queues exist; every pending job gets a new message
// (a job runs under one attempt's lease at a time, so one that has a message already is not run
// twice at once; one whose worker died with the old stack runs once its lease has ended).
import { logger } from '../platform/log';
import { isPending } from './model';
import type { OptimizationDeps } from './service';

export async function requeuePendingJobs(deps: Pick<OptimizationDeps, 'store' | 'enqueue'>): Promise<number> {
  const pending = (await deps.store.jobsToSweep()).filter((job) => isPending(job.status));
  for (const job of pending) await deps.enqueue({ space: job.space, id: job.id });
  if (pending.length) logger.info('pending optimization jobs requeued', { count: pending.length });
  return pending.length;
}
