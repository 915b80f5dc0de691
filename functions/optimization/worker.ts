import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../shared/platform/log';
import { JOB_MAX_RECEIVE_COUNT, type JobMessage } from '../../shared/optimization/model';
import { defaultWorkerDeps, failDeadLetter, runJob, type WorkerDeps } from '../../shared/optimization/worker';

// SQS consumer of the job queue (batch size 1; partial batch responses).

function parse(body: string): JobMessage | undefined {
  try {
    const m = JSON.parse(body) as Partial<JobMessage>;
    return typeof m.space === 'string' && typeof m.id === 'string' ? { space: m.space, id: m.id } : undefined;
  } catch {
    return undefined;
  }
}

export function createWorker(deps: WorkerDeps = defaultWorkerDeps) {
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
      }
    }
    return { batchItemFailures: failures };
  };
}

export const handler = createWorker();

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
