import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../shared/platform/log';
import { JOB_MAX_RECEIVE_COUNT, type JobMessage } from '../../shared/optimization/model';
import { delayJobRetry } from '../../shared/optimization/queue';
import { defaultWorkerDeps, failDeadLetter, runJob, type WorkerDeps } from '../../shared/optimization/worker';

// SQS consumer of the job queue (batch size 1; partial batch responses).

/**
 * A failed attempt is retried after this long rather than after the queue's visibility timeout
 * (six times the worker's timeout), which is longer than the sweeper lets a running job wait.
 */
export const JOB_RETRY_DELAY_SECONDS = 60;

export interface WorkerOptions {
  /** Seconds before a failed job's message comes back; unset: the queue's visibility timeout. */
  retryDelaySeconds?: number;
}

function parse(body: string): JobMessage | undefined {
  try {
    const m = JSON.parse(body) as Partial<JobMessage>;
    return typeof m.space === 'string' && typeof m.id === 'string' ? { space: m.space, id: m.id } : undefined;
  } catch {
    return undefined;
  }
}

export function createWorker(deps: WorkerDeps = defaultWorkerDeps, options: WorkerOptions = {}) {
  return async (event: SQSEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const message = parse(record.body);
      if (!message) {
        logger.error('malformed optimization job message dropped', { message_id: record.messageId });
        continue;
      }
      try {
        await runJob(
          message,
          {
            receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
            maxReceiveCount: JOB_MAX_RECEIVE_COUNT,
            remainingMs: () => context?.getRemainingTimeInMillis?.() ?? 60_000,
          },
          deps,
        );
      } catch {
        failures.push({ itemIdentifier: record.messageId });
        if (options.retryDelaySeconds !== undefined) await delayJobRetry(record.receiptHandle, options.retryDelaySeconds);
      }
    }
    return { batchItemFailures: failures };
  };
}

export const handler = createWorker(defaultWorkerDeps, { retryDelaySeconds: JOB_RETRY_DELAY_SECONDS });

/** Consumer of the job queue's dead-letter queue: fails jobs whose deliveries ran out. */
export const deadLetterHandler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parse(record.body);
    if (!message) continue;
    try {
      await failDeadLetter(message);
    } catch (error) {
      logger.error('dead-lettered job not failed', { job_id: message.id, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};
