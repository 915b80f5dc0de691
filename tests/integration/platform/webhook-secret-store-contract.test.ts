import { DynamoWebhookSecretStore } from '../../../shared/webhooks/dynamo-secrets';
import { webhookSecretStoreContract } from '../../fixtures/contracts/webhook-secrets';

// The same contract as the in-memory store's, on DynamoDB Local.
webhookSecretStoreContract('DynamoDB Local', () => new DynamoWebhookSecretStore());
