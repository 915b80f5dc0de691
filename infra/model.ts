// Shapes of the table and queue declarations (infra/declarations.ts).

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

/** A string key attribute. */
export const S = (name: string): KeyAttribute => ({ name, type: 'S' });
/** A number key attribute. */
export const N = (name: string): KeyAttribute => ({ name, type: 'N' });
