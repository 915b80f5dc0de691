import { deliveryDeps, type DeliveryDeps } from '../../shared/webhooks/delivery';
import { DynamoWebhookSecretStore } from '../../shared/webhooks/dynamo-secrets';
import type { WebhookSecretStore } from '../../shared/webhooks/store';

// Webhook signing secrets and delivery of this process, built on first use.
let secrets: WebhookSecretStore | undefined;
let delivery: DeliveryDeps | undefined;

export const webhookSecrets = (): WebhookSecretStore => (secrets ??= new DynamoWebhookSecretStore());

/** How every feature's webhooks are queued and sent (signed with the secrets above). */
export const webhookDelivery = (): DeliveryDeps => (delivery ??= deliveryDeps(webhookSecrets()));
