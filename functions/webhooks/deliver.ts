import { logger } from '../../shared/platform/log';
import { processDelivery, type DeliveryDeps, type WebhookDelivery } from '../../shared/webhooks/delivery';
import { sqsBatchHandler } from '../lib/sqs-batch';
import { webhookDelivery } from './deps';

// SQS consumer of the webhook queue: one delivery attempt per message; a failed attempt queues
// the next one itself (with backoff), so the message is done either way. Only when the retry
// cannot be queued is the message handed back to SQS.
export function createDeliveryWorker(deps: () => DeliveryDeps = webhookDelivery) {
  return sqsBatchHandler({
    name: 'webhook',
    parse: (body) => JSON.parse(body) as WebhookDelivery,
    run: (delivery) => processDelivery(delivery, deps()),
    failed: (delivery, error) => logger.error('webhook retry could not be queued', { webhook_id: delivery.id, error }),
    concurrent: true,
  });
}

export const handler = createDeliveryWorker();
