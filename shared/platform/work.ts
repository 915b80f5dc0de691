import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { conditionalWrite, documentClient } from './dynamo';

// Background work that must still happen after a request was answered (table "tracking-work",
// used by live tracking and monitors): an asset's purge after its delete ("purge"), and an
// asset's monitor outbox waiting to be relayed ("relay"). An item is written in the same transaction as the change that makes the
// work necessary (or before it), so a crash at any later point leaves it behind; the sparse
// index byDue lists every item by when it is due, which is all the sweeper reads. Items are
// keyed by the caller's space like every other item: pk "<space>#<kind>", sk the asset's
// storage key.

export type WorkKind = 'purge' | 'relay';

/** Index partitions the due items are spread over (a hot partition would throttle a busy fleet). */
const DUE_SHARDS = 4;

export interface WorkKey {
  kind: WorkKind;
  space: string;
  /** The asset's storage key (assetStorageKey). */
  key: string;
}

export interface DueWork extends WorkKey {
  /** Unix ms. */
  due: number;
  item: Record<string, unknown>;
}

export const workTable = (): string => config.table('tracking-work');

export const workItemKey = (w: WorkKey) => ({ pk: `${w.space}#${w.kind}`, sk: w.key });

/** Attributes that put an item on the byDue index (remove them to take it off). */
export function dueAttributes(w: WorkKey, due: number): { due_pk: string; due_sk: string } {
  const digest = createHash('sha256').update(`${w.space}\u0000${w.kind}\u0000${w.key}`).digest();
  return { due_pk: `due#${digest[0] % DUE_SHARDS}`, due_sk: String(Math.max(0, Math.round(due))).padStart(13, '0') };
}

function fromItem(item: Record<string, unknown>): DueWork | undefined {
  const pk = item.pk as string;
  const cut = pk.lastIndexOf('#');
  const kind = pk.slice(cut + 1);
  if (cut < 0 || (kind !== 'purge' && kind !== 'relay')) return undefined;
  return { kind, space: pk.slice(0, cut), key: item.sk as string, due: Number(item.due_sk), item };
}

/** Work items due at or before `now` (oldest first per shard), at most `limit` per shard. */
export async function dueWork(now: number, limit = 100): Promise<DueWork[]> {
  const parts = await Promise.all(
    Array.from({ length: DUE_SHARDS }, (_, shard) =>
      documentClient().send(
        new QueryCommand({
          TableName: workTable(),
          IndexName: 'byDue',
          KeyConditionExpression: 'due_pk = :p AND due_sk <= :now',
          ExpressionAttributeValues: { ':p': `due#${shard}`, ':now': String(now).padStart(13, '0') },
          Limit: limit,
        }),
      ),
    ),
  );
  return parts.flatMap((p) => (p.Items ?? []).flatMap((i) => fromItem(i) ?? []));
}

export async function getWork(w: WorkKey): Promise<Record<string, unknown> | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: workTable(), Key: workItemKey(w), ConsistentRead: true }));
  return out.Item;
}

/** Puts (or refreshes) a work item due at `due` with the given fields. */
export async function putWork(w: WorkKey, due: number, fields: Record<string, unknown> = {}): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: workTable(), Item: { ...workItemKey(w), ...fields, ...dueAttributes(w, due) } }));
}

/** Moves a work item's due time (it is still waiting); nothing when it is gone. */
export async function postponeWork(w: WorkKey, due: number): Promise<void> {
  const at = dueAttributes(w, due);
  await conditionalWrite(
    new UpdateCommand({
      TableName: workTable(),
      Key: workItemKey(w),
      UpdateExpression: 'SET due_pk = :p, due_sk = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': at.due_pk, ':s': at.due_sk },
    }),
  );
}

/**
 * Deletes a work item if `field` still has `value` (a writer that re-registered the work meanwhile
 * changed it); false when it had changed.
 */
export function finishWork(w: WorkKey, field: string, value: unknown): Promise<boolean> {
  return conditionalWrite(
    new DeleteCommand({
      TableName: workTable(),
      Key: workItemKey(w),
      ConditionExpression: 'attribute_not_exists(pk) OR #f = :v',
      ExpressionAttributeNames: { '#f': field },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}
