import { DEAD_LETTER_RETENTION_SECONDS, S, type QueueDeclaration, type TableDeclaration } from '../model';

// Webhooks serve every feature that calls back (optimization jobs, monitors), so their table and
// queue are declared here rather than with the first feature that used them. The ids are those of
// the deployed stack: renaming one would replace the table or queue.

export const webhookTables: TableDeclaration[] = [
  {
    // Webhook signing secrets, one per API key (shared/webhooks/dynamo-secrets.ts):
    //   pk "SECRET#<space>#<keyHash>"  sk "SECRET"
    id: 'webhooks',
    partitionKey: S('pk'),
    sortKey: S('sk'),
  },
];

export const webhookQueues: QueueDeclaration[] = [
  {
    // One message per webhook delivery attempt; retries are re-sent with a delay (backoff).
    id: 'webhooks',
    retentionPeriod: 86400,
    consumer: { function: 'webhookDeliver', timeout: 75 },
    deadLetter: { to: 'webhooks-dlq', maxReceiveCount: 5 },
  },
  { id: 'webhooks-dlq', retentionPeriod: DEAD_LETTER_RETENTION_SECONDS },
];
