// After a local restart the SQS emulator is empty (it keeps messages in memory) while DynamoDB
// Local keeps the jobs: queued and running jobs would wait forever. The launcher calls
// requeuePendingJobs() once the tables and queues exist; every pending job gets a new message.
// A local stack is one process tree over its data folder, so every worker of the earlier stack
// died with it: the leases of running jobs are released first. Their attempts are dead, and a
// delivery that found a lease still running would wait out the queue's long visibility timeout.
import { logger } from '../platform/log';
import { isPending } from './model';
import type { OptimizationDeps } from './service';

export async function requeuePendingJobs(deps: Pick<OptimizationDeps, 'store' | 'enqueue'>): Promise<number> {
  const pending = (await deps.store.jobsToSweep()).filter((job) => isPending(job.status));
  for (const job of pending) {
    if (job.status === 'running') await deps.store.releaseLease(job);
    await deps.enqueue({ space: job.space, id: job.id });
  }
  if (pending.length) logger.info('pending optimization jobs requeued', { count: pending.length });
  return pending.length;
}
