import { webhookSecretStoreContract } from '../../fixtures/contracts/webhook-secrets';
import { MemoryWebhookSecretStore } from '../../fixtures/memory/webhook-secrets';

// The in-memory secret store the webhook unit tests run on keeps the DynamoDB adapter's contract.
webhookSecretStoreContract('in memory', () => new MemoryWebhookSecretStore());
