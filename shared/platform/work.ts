import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { conditionalWrite, documentClient } from './dynamo';

// Background work that must still happen after a request was answered (table "tracking-work",
// used by live tracking and monitors): an asset's purge after its delete ("purge"), and an
// asset's monitor outbox waiting to be relayed ("relay"). An item is written in the same transaction as the change that makes the
// work necessary (or before it), so a crash at any later point leaves it behind; the sparse
// index byDue lists every item by when it is due, which is all the sweeper reads. Items are
// keyed by the caller's space like every other item, sk the asset's storage key: purge items
// under pk "<space>#purge" (a delete finds the space's tombstones of an id there); relay items,
// written by every upload that raises events with webhooks configured, under
// "<space>#relay#<shard>", because one key per space would take about 1,000 WCU/s from a fleet
// of 100,000 assets.

export type WorkKind = 'purge' | 'relay';

/** Index partitions the due items are spread over (a hot partition would throttle a busy fleet). */
const DUE_SHARDS = 4;
/** Keys a space's relay items are spread over (by a hash of the asset key). */
const RELAY_SHARDS = 16;

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

const workDigest = (w: WorkKey): Buffer => createHash('sha256').update(`${w.space}\u0000${w.kind}\u0000${w.key}`).digest();

export const workItemKey = (w: WorkKey) => ({
  pk: w.kind === 'relay' ? `${w.space}#relay#${workDigest(w)[1] % RELAY_SHARDS}` : `${w.space}#${w.kind}`,
  sk: w.key,
});

/** Attributes that put an item on the byDue index (remove them to take it off). */
export function dueAttributes(w: WorkKey, due: number): { due_pk: string; due_sk: string } {
  return { due_pk: `due#${workDigest(w)[0] % DUE_SHARDS}`, due_sk: String(Math.max(0, Math.round(due))).padStart(13, '0') };
}

// "<space>#relay" without a shard is where relay items were kept before they were sharded.
const WORK_PK = /^(.*)#(purge|relay)(?:#\d+)?$/;

function fromItem(item: Record<string, unknown>): DueWork | undefined {
  const match = WORK_PK.exec(item.pk as string);
  if (!match) return undefined;
  return { kind: match[2] as WorkKind, space: match[1], key: item.sk as string, due: Number(item.due_sk), item };
}

/** True for an item stored under a key this version no longer writes (its work is done under the current key). */
export const storedElsewhere = (w: DueWork): boolean => w.item.pk !== workItemKey(w).pk;

/** Deletes the item a due work was read from, under whatever key it was stored. */
export async function dropStoredWork(w: DueWork): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: workTable(), Key: { pk: w.item.pk, sk: w.item.sk } }));
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
