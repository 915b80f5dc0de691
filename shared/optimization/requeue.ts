// After a local restart the SQS emulator is empty (it keeps messages in memory) while DynamoDB
// Local keeps the jobs: queued and running jobs would wait forever. The launcher calls
// requeuePendingJobs() once the tables and queues exist; every pending job gets a new message
// (the worker is idempotent, so a job that already has one is not run twice to completion).
import { logger } from '../platform/log';
import type { OptimizationDeps } from './service';

export async function requeuePendingJobs(deps: Pick<OptimizationDeps, 'store' | 'enqueue'>): Promise<number> {
  const pending = await deps.store.listPending();
  for (const job of pending) await deps.enqueue({ space: job.space, id: job.id });
  if (pending.length) logger.info('pending optimization jobs requeued', { count: pending.length });
  return pending.length;
}
