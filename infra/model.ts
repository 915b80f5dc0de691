// Shapes of the table and queue declarations (infra/declarations.ts).

export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDeclaration {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /** What the index copies of each item: all of it (default), or only the keys (small reads). */
  projection?: 'ALL' | 'KEYS_ONLY';
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
  /** Logical id; also the suffix of the physical name and of the env var QUEUE_<ID>_URL. */
  id: string;
  /** Seconds a message is kept (dead-letter queues keep theirs for the 14-day maximum). */
  retentionPeriod: number;
  /** The function that consumes the queue (an `sqs` event in functions/<service>/functions.yml); absent when only an operator reads it. */
  consumer?: { function: string; /** That function's timeout, seconds. */ timeout: number };
  /** After `maxReceiveCount` deliveries a message moves to the declared queue `to`. */
  deadLetter?: { to: string; maxReceiveCount: number };
}

/** SQS's maximum, 14 days: time for an operator to look at what a dead-letter queue holds. */
export const DEAD_LETTER_RETENTION_SECONDS = 14 * 86400;

/**
 * AWS's advice for a queue feeding Lambda: a visibility timeout of at least six times the
 * function's timeout, so a batch that is throttled or retried inside the poller is not handed
 * out a second time while it is still being worked on.
 */
export const VISIBILITY_TIMEOUTS_PER_CONSUMER_TIMEOUT = 6;

/** Seconds a received message stays invisible; undefined (SQS's default) on a queue no function consumes. */
export function visibilityTimeout(queue: QueueDeclaration): number | undefined {
  return queue.consumer && VISIBILITY_TIMEOUTS_PER_CONSUMER_TIMEOUT * queue.consumer.timeout;
}

/** The queues some other queue moves its exhausted messages to: each gets a depth alarm. */
export function deadLetterQueues(queues: QueueDeclaration[]): QueueDeclaration[] {
  const targets = new Set(queues.flatMap((q) => (q.deadLetter ? [q.deadLetter.to] : [])));
  return queues.filter((q) => targets.has(q.id));
}

/** Each queue after the dead-letter queue it points at, so its ARN exists when it is created. */
export function inCreationOrder(queues: QueueDeclaration[]): QueueDeclaration[] {
  const byId = new Map(queues.map((q) => [q.id, q]));
  const ordered: QueueDeclaration[] = [];
  const visit = (q: QueueDeclaration, path: string[]) => {
    if (ordered.includes(q)) return;
    if (path.includes(q.id)) throw new Error(`queues: dead-letter cycle ${[...path, q.id].join(' -> ')}`);
    if (q.deadLetter) {
      const target = byId.get(q.deadLetter.to);
      if (!target) throw new Error(`queue ${q.id}: dead-letter queue ${q.deadLetter.to} is not declared`);
      visit(target, [...path, q.id]);
    }
    ordered.push(q);
  };
  for (const q of queues) visit(q, []);
  return ordered;
}

/** A string key attribute. */
export const S = (name: string): KeyAttribute => ({ name, type: 'S' });
/** A number key attribute. */
export const N = (name: string): KeyAttribute => ({ name, type: 'N' });
