import { sendJobMessage } from '../../shared/platform/job-runner';
import { DynamoOptimizationJobStore } from '../../shared/optimization/dynamo-store';
import { enqueueJob } from '../../shared/optimization/queue';
import { requeuePendingJobs } from '../../shared/optimization/requeue';
import { dynamoMatrixJobStore } from '../../shared/matrix/dynamo-store';
import { dynamoBatchStore } from '../../shared/batch/dynamo-store';

// What a crashed laptop stack left unfinished, taken up again at `npm start`. The SQS emulator
// keeps its messages in memory, DynamoDB Local keeps the jobs: every pending job gets a new
// message before the consumers start, running jobs with their dead attempts' leases released
// (docs/operations/recovery.md#after-a-restart-npm-start). Once the API is up,
// the scheduled sweepers run once rather than five minutes later.

/** Jobs of the features with the platform job lifecycle (the message is their lease). */
const platformJobs = [
  { queue: 'matrix-jobs', store: dynamoMatrixJobStore },
  { queue: 'batch-jobs', store: dynamoBatchStore },
];

/** Sends every pending job a message; how many per queue. */
export async function requeuePending(queueUrls: Record<string, string>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {
    'optimization-jobs': await requeuePendingJobs({
      store: new DynamoOptimizationJobStore(),
      enqueue: (message) => enqueueJob(message, queueUrls['optimization-jobs']),
    }),
  };
  for (const { queue, store } of platformJobs) {
    const pending = await store().pendingJobs();
    for (const job of pending) await sendJobMessage(queueUrls[queue], { space: job.space, id: job.id });
    counts[queue] = pending.length;
  }
  return counts;
}

/** The scheduled functions that finish what a crash left (functions/<service>/functions.yml). */
export const SWEEPERS = ['optimizationSweep', 'trackingSweep'];

/**
 * Invokes each sweeper once through serverless-offline's Lambda endpoint (the same handler the
 * schedule runs); the names of those that failed.
 */
export async function sweepOnce(lambdaPort: string, stage: string): Promise<string[]> {
  const failed: string[] = [];
  for (const name of SWEEPERS) {
    try {
      const res = await fetch(`http://127.0.0.1:${lambdaPort}/2015-03-31/functions/waymark-${stage}-${name}/invocations`, {
        method: 'POST',
        body: '{}',
        signal: AbortSignal.timeout(180_000),
      });
      await res.arrayBuffer();
      if (!res.ok || res.headers.get('x-amz-function-error')) failed.push(name);
    } catch {
      failed.push(name);
    }
  }
  return failed;
}
