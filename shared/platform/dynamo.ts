import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { retry } from './retry';

// One document client per process: the SDK pools connections, and Lambda keeps
// the process warm between invocations.
let client: DynamoDBDocumentClient | undefined;
let clientEndpoint: string | undefined;

export function documentClient(): DynamoDBDocumentClient {
  const endpoint = config.dynamoEndpoint();
  if (!client || clientEndpoint !== endpoint) {
    const base = new DynamoDBClient({
      endpoint,
      region: process.env.AWS_REGION ?? 'us-east-1',
      maxAttempts: 4,
      ...(endpoint ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
    clientEndpoint = endpoint;
  }
  return client;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

export function isTransactionCanceled(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'TransactionCanceledException';
}

/** The cancellation reason of each item of a cancelled transaction, in item order ('None' where it had none). */
export function cancellationCodes(error: unknown): string[] {
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * A write that lost a race with a transaction on one of its items, and nothing else: worth sending
 * again, since every condition is checked again. DynamoDB Local also reports it for concurrent
 * transactions on unrelated items when it is busy.
 */
export function isTransactionConflict(error: unknown): boolean {
  if ((error as { name?: string } | null)?.name === 'TransactionConflictException') return true;
  const codes = isTransactionCanceled(error) ? cancellationCodes(error) : [];
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

/** Sends `write` again while it loses to a concurrent transaction (waits below 50, 100, 200 ... ms, at most 1 s). */
export const retryTransactionConflicts = <T>(write: () => Promise<T>, attempts = 10): Promise<T> =>
  retry(write, { retryable: isTransactionConflict, attempts, baseDelayMs: 25 });

/** Sends a conditional write; false instead of an error when its condition failed. */
export async function conditionalWrite(command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> {
  try {
    await documentClient().send(command as UpdateCommand);
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Indexes of a cancelled transaction's items whose condition failed. */
export function failedConditions(error: unknown): Set<number> {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return new Set(reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : [])));
}

type Item = Record<string, unknown>;

/** Items DynamoDB left unprocessed (it does under throttling): sent again after a backoff. */
class Unprocessed extends Error {}

/** The pages of a query's items, following LastEvaluatedKey (DynamoDB pages at 1 MB). */
export async function* queryPages(input: QueryCommandInput): AsyncGenerator<Item[]> {
  let start: Item | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Every item a query matches. */
export async function queryAll(input: QueryCommandInput): Promise<Item[]> {
  const out: Item[] = [];
  for await (const page of queryPages(input)) for (const item of page) out.push(item);
  return out;
}

/**
 * Puts or deletes any number of items, 25 per BatchWriteItem and `parallel` calls at a time,
 * resending what DynamoDB leaves unprocessed (it does under throttling) with backoff.
 */
export async function batchWriteAll(table: string, requests: readonly Item[], parallel = 4): Promise<void> {
  const groups: Item[][] = [];
  for (let i = 0; i < requests.length; i += 25) groups.push(requests.slice(i, i + 25));
  for (let i = 0; i < groups.length; i += parallel) {
    await Promise.all(
      groups.slice(i, i + parallel).map(async (group) => {
        let pending = group;
        await retry(
          async () => {
            const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
            pending = (out.UnprocessedItems?.[table] ?? []) as Item[];
            if (pending.length) throw new Unprocessed();
          },
          {
            retryable: (error) => error instanceof Unprocessed,
            attempts: 9,
            baseDelayMs: 20,
            exhausted: () => new Error(`BatchWrite on ${table}: ${pending.length} items still unprocessed`),
          },
        );
      }),
    );
  }
}

/**
 * Deletes every item of one partition (`pk` = `partition`), page by page, so a partition of
 * any size is never held in memory at once.
 */
export async function deletePartition(table: string, partition: string, sortKey: string): Promise<void> {
  for await (const page of queryPages({
    TableName: table,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ExpressionAttributeNames: { '#sk': sortKey },
    ProjectionExpression: 'pk, #sk',
  })) {
    await batchWriteAll(
      table,
      page.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, [sortKey]: i[sortKey] } } })),
    );
  }
}
