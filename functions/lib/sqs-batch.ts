import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { coldStartDone } from '../../shared/platform/cold-start';
import { logger } from '../../shared/platform/log';
import { messageIncoming, span } from '../../shared/platform/tracing';

// Every queue consumer answers SQS with a partial batch response: the records that failed
// go back to the queue (and on to its dead-letter queue after maxReceiveCount), the others
// are deleted. A record whose body cannot be read is dropped: delivering it again cannot help.

export type ConsumerContext = Pick<Context, 'getRemainingTimeInMillis'>;

export interface SqsConsumer<M> {
  /** What the queue carries, for log lines ("optimization job", "webhook"). */
  name: string;
  /** The message in a record's body; undefined (or a throw) when it is malformed. */
  parse: (body: string) => M | undefined;
  /** Handles one message; a throw hands the record back to SQS. */
  run: (message: M, record: SQSRecord, context: ConsumerContext | undefined) => Promise<unknown>;
  /** Logs a failed message; leave out when `run` logs its own failures. */
  failed?: (message: M, error: unknown) => void;
  /** Run the batch's records at the same time rather than one after another. */
  concurrent?: boolean;
}

function parsed<M>(consumer: SqsConsumer<M>, record: SQSRecord): M | undefined {
  try {
    const message = consumer.parse(record.body);
    if (message !== undefined) return message;
  } catch {
    // malformed, like an undefined parse
  }
  logger.error(`malformed ${consumer.name} message dropped`, { message_id: record.messageId });
  return undefined;
}

export function sqsBatchHandler<M>(consumer: SqsConsumer<M>) {
  return async (event: SQSEvent, context?: ConsumerContext): Promise<SQSBatchResponse> => {
    // Unable to prepare (road networks not fetched), the whole batch goes back to the queue.
    await coldStartDone();
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    const handle = async (record: SQSRecord) => {
      const message = parsed(consumer, record);
      if (message === undefined) return;
      try {
        // Each message continues the trace of whoever queued it (its AWSTraceHeader).
        await span(`queue ${consumer.name}`, () => consumer.run(message, record, context), { from: messageIncoming(record) });
      } catch (error) {
        consumer.failed?.(message, error);
        failures.push({ itemIdentifier: record.messageId });
      }
    };
    if (consumer.concurrent) await Promise.all(event.Records.map(handle));
    else for (const record of event.Records) await handle(record);
    return { batchItemFailures: failures };
  };
}
