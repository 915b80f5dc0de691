import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../shared/platform/log';
import { defaultDeps, processDelivery, type DeliveryDeps, type WebhookDelivery } from '../../shared/webhooks/delivery';

// SQS consumer of the webhook queue: one delivery attempt per message; a failed attempt queues
// the next one itself (with backoff), so the message is done either way. Only when the retry
// cannot be queued is the message handed back to SQS.
export function createDeliveryWorker(deps: () => DeliveryDeps = defaultDeps) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        let delivery: WebhookDelivery;
        try {
          delivery = JSON.parse(record.body) as WebhookDelivery;
        } catch {
          logger.error('malformed webhook message dropped', { message_id: record.messageId });
          return;
        }
        try {
          await processDelivery(delivery, deps());
        } catch (error) {
          logger.error('webhook retry could not be queued', { webhook_id: delivery.id, error });
          failures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures: failures };
  };
}

export const handler = createDeliveryWorker();
