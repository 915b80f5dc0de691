import { createHash } from 'node:crypto';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, documentClient, isTransactionCanceled, retryTransactionConflicts } from '../platform/dynamo';
import type { IndexEntry, IndexKey, StoredAsset } from './model';
import type { AssetSortField, WriteOutcome } from './store';

// How the tracking adapter keys and shapes its asset and position items, shared by
// the asset writes, the legacy migration and the benchmarks' bulk seeding, so the three
// can never store different shapes. Storage design: shared/tracking/README.md.

export type Item = Record<string, unknown>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

// Each asset has its own partition, so an upload (which rewrites the asset's latest location)
// never writes a key the whole space shares.
export const assetPk = (space: string, id: string) => `${space}#${id}`;

/** Shards of the list indexes: their keys take only creates, updates and deletes. */
export const LIST_SHARDS = 8;
const listPk = (space: string, id: string) => `${space}#${createHash('sha256').update(id).digest()[0] % LIST_SHARDS}`;
/** Sort keys on the list indexes: the field, then the id, so equal values keep one order. */
export const LIST_INDEX: Record<AssetSortField, { index: string; attribute: string }> = {
  id: { index: 'byId', attribute: 'id' },
  created_at: { index: 'byCreated', attribute: 'lc' },
  updated_at: { index: 'byUpdated', attribute: 'lu' },
  name: { index: 'byName', attribute: 'ln' },
};
/** Names sort by their first 100 characters (an index key holds at most 1 KB), then by id. */
const NAME_KEY_CHARS = 100;
const second = (s: number) => String(Math.max(0, Math.floor(s))).padStart(12, '0');

function listKeys(space: string, asset: StoredAsset): Item {
  return {
    lpk: listPk(space, asset.id),
    lc: `${second(asset.created_at)}#${asset.id}`,
    lu: `${second(asset.updated_at)}#${asset.id}`,
    ln: `${[...asset.name].slice(0, NAME_KEY_CHARS).join('')}\u0001${asset.id}`,
  };
}

/** Key of the device index: the phone protocols name a device, not its asset. */
export const devicePk = (space: string, deviceId: string) => `${space}#${deviceId}`;
export const DEVICE_INDEX = 'byDevice';

export function toAsset(item: Item): StoredAsset {
  const { pk: _pk, lpk: _l, lc: _c, lu: _u, ln: _n, dpk: _d, ...rest } = item;
  return rest as unknown as StoredAsset;
}

/** Asset item as stored: its own partition plus the list and device indexes' keys. */
export const assetItem = (space: string, asset: StoredAsset): Item => ({
  ...asset,
  pk: assetPk(space, asset.id),
  ...listKeys(space, asset),
  ...(asset.device_id ? { dpk: devicePk(space, asset.device_id) } : {}),
});

export const indexPk = (space: string, coarse: string) => `${space}#${coarse}`;
const indexSk = (fine: string, assetId: string) => `${fine}#${assetId}`;
export const indexKey = (space: string, key: IndexKey, assetId: string): Item => ({
  pk: indexPk(space, key.coarse),
  sk: indexSk(key.fine, assetId),
});

/**
 * A position-index item: only where the asset is (its cell, in the key) and which version put it
 * there. A search reads the asset behind each entry for its position and fields, so an upload that
 * stays in its cell leaves the entry alone. `expires_at` runs from the location's time at
 * placement (INDEX_REFRESH_MS places it again while the asset keeps reporting from the cell).
 */
export function positionItem(space: string, asset: StoredAsset, at: IndexEntry): Item {
  return { ...indexKey(space, at, asset.id), id: asset.id, v: asset.version, ts: at.ts, expires_at: at.expiresAt };
}

/** Whether an index entry sits at another key than the asset's current one. */
export const movedFrom = (old: IndexKey | undefined, now: IndexKey | null): old is IndexKey =>
  !!old && !(now && now.coarse === old.coarse && now.fine === old.fine);

export async function transact(items: TransactItem[], onConditionFailed: WriteOutcome): Promise<WriteOutcome> {
  try {
    // Up to 6 tries, the waits below 50, 100, 200, 400, 800 ms: an upload stream's writes to one
    // asset queue behind each other, and a busy DynamoDB Local reports conflicts between
    // unrelated transactions (three tries 10-50 ms apart gave up under load in CI).
    await retryTransactionConflicts(() => documentClient().send(new TransactWriteCommand({ TransactItems: items })), 6);
    return 'ok';
  } catch (error) {
    if (!isTransactionCanceled(error)) throw error;
    return cancellationCodes(error)[0] === 'ConditionalCheckFailed' ? onConditionFailed : 'conflict';
  }
}
