// The one place tables and queues are declared. serverless.yml turns these into
// CloudFormation (infra/cloudformation.ts) and the local launcher creates the
// same tables and queues from them (infra/local/provision.ts), so the two can
// never drift apart.

export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDeclaration {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
}

export interface TableDeclaration {
  /** Logical id; also the suffix of the physical name and of the env var TABLE_<ID>. */
  id: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  indexes?: IndexDeclaration[];
  /** Attribute holding an expiry in Unix seconds; DynamoDB deletes the item some time after. */
  ttlAttribute?: string;
}

export interface QueueDeclaration {
  id: string;
  /** Seconds a received message stays invisible; must cover the consumer's timeout. */
  visibilityTimeout: number;
  /** Deliveries before a message is moved to the dead-letter queue `<id>-dlq`. */
  maxReceiveCount: number;
  /** Seconds a message is kept (dead-letter queues keep theirs for the 14-day maximum). */
  retentionPeriod: number;
}

const S = (name: string): KeyAttribute => ({ name, type: 'S' });

export const tables: TableDeclaration[] = [
  {
    // API keys by the SHA-256 of the key (pk "KEY#<hash>"), and one counter item
    // per organisation (pk "ORG#<org>") that numbers its namespaced keys.
    id: 'keys',
    partitionKey: S('pk'),
    indexes: [{ name: 'byOrg', partitionKey: S('org'), sortKey: S('created_sk') }],
  },
  {
    // Fixed-window request counters; they expire shortly after their window.
    id: 'ratelimits',
    partitionKey: S('pk'),
    ttlAttribute: 'expires_at',
  },
];

export const queues: QueueDeclaration[] = [];

export function tableName(stage: string, id: string): string {
  return `waymark-${stage}-${id}`;
}

export function queueName(stage: string, id: string): string {
  return `waymark-${stage}-${id}`;
}

export function deadLetterQueueName(stage: string, id: string): string {
  return `${queueName(stage, id)}-dlq`;
}

/** Env var through which a function learns the physical name of a table. */
export function tableEnvVar(id: string): string {
  return `TABLE_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** Env var through which a function learns the URL of a queue. */
export function queueEnvVar(id: string): string {
  return `QUEUE_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;
}
