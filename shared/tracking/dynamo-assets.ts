import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import type { H3Range } from '../geo';
import { conditionalWrite, documentClient, queryAll, queryPages } from '../platform/dynamo';
import { assertItemFits } from '../platform/limits';
import { dueAttributes, workItemKey, workTable, type WorkKey } from '../platform/work';
import {
  assetItem,
  assetPk,
  DEVICE_INDEX,
  devicePk,
  indexKey,
  indexPk,
  LIST_INDEX,
  LIST_SHARDS,
  movedFrom,
  positionItem,
  toAsset,
  transact,
  type Item,
  type TransactItem,
} from './dynamo-items';
import type { IndexKey, PositionEntry, StoredAsset, Tombstone } from './model';
import type { AssetSortField, AssetWrite, TrackingStore, WriteOutcome } from './store';

// The assets half of the DynamoDB tracking adapter: asset items, their list indexes, the
// position index that searches read, and the tombstones that schedule a deleted asset's purge.

export type AssetMethods =
  | 'getAsset'
  | 'getAssets'
  | 'listAssets'
  | 'assetPages'
  | 'assetIds'
  | 'assetsOfDevice'
  | 'writeAsset'
  | 'deleteAsset'
  | 'findTombstone'
  | 'finishPurge'
  | 'readIndex';

const purgeWork = (space: string, key: string): WorkKey => ({ kind: 'purge', space, key });

/** The write condition that pins the asset incarnation (assets from before incarnations have none). */
function incarnationCondition(asset: StoredAsset, values: Record<string, unknown>): string {
  if (!asset.inc) return 'attribute_not_exists(inc)';
  values[':inc'] = asset.inc;
  return 'inc = :inc';
}

/** Byte order of UTF-8 strings: the order DynamoDB sorts string keys in. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Runs `work` on every item, at most `parallel` at a time, keeping the order of the results. */
async function inBatches<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += parallel) out.push(...(await Promise.all(items.slice(i, i + parallel).map(work))));
  return out;
}

export class DynamoAssets implements Pick<TrackingStore, AssetMethods> {
  private readonly assets = config.table('tracking-assets');
  private readonly positions = config.table('tracking-positions');
  async getAsset(space: string, id: string): Promise<StoredAsset | null> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.assets, Key: { pk: assetPk(space, id), id }, ConsistentRead: true }),
    );
    return out.Item ? toAsset(out.Item) : null;
  }

  async getAssets(space: string, ids: readonly string[]): Promise<StoredAsset[]> {
    const found = new Map<string, StoredAsset>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Item[] | undefined = unique.slice(i, i + 100).map((id) => ({ pk: assetPk(space, id), id }));
      while (keys && keys.length) {
        const out: BatchGetCommandOutput = await documentClient().send(
          new BatchGetCommand({ RequestItems: { [this.assets]: { Keys: keys, ConsistentRead: true } } }),
        );
        for (const item of out.Responses?.[this.assets] ?? []) found.set(item.id as string, toAsset(item));
        keys = out.UnprocessedKeys?.[this.assets]?.Keys;
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  async listAssets(space: string): Promise<StoredAsset[]> {
    const out: StoredAsset[] = [];
    for await (const ids of this.assetIds(space, 'id', false)) out.push(...(await this.getAssets(space, ids)));
    return out;
  }

  async *assetPages(space: string, descending: boolean): AsyncGenerator<StoredAsset[]> {
    for await (const ids of this.assetIds(space, 'id', descending)) yield this.getAssets(space, ids);
  }

  /**
   * The space's asset ids in one list order: every shard of the list index is queried (100 keys
   * a page, only as far as the caller consumes) and the shards are merged, ties by id.
   */
  async *assetIds(space: string, field: AssetSortField, descending: boolean): AsyncGenerator<string[]> {
    const { index, attribute } = LIST_INDEX[field];
    const shards = Array.from({ length: LIST_SHARDS }, (_, n) =>
      queryPages({
        TableName: this.assets,
        IndexName: index,
        KeyConditionExpression: 'lpk = :lpk',
        ExpressionAttributeValues: { ':lpk': `${space}#${n}` },
        ScanIndexForward: !descending,
        Limit: 100,
      })[Symbol.asyncIterator](),
    );
    const buffers: Item[][] = shards.map(() => []);
    const done = shards.map(() => false);
    const fill = async (n: number) => {
      while (!done[n] && buffers[n].length === 0) {
        const next = await shards[n].next();
        if (next.done) done[n] = true;
        else buffers[n].push(...next.value);
      }
    };
    const sign = descending ? -1 : 1;
    let batch: string[] = [];
    for (;;) {
      await Promise.all(shards.map((_, n) => fill(n)));
      let best = -1;
      for (let n = 0; n < shards.length; n++) {
        if (buffers[n].length === 0) continue;
        if (best < 0 || sign * byteOrder(buffers[n][0][attribute] as string, buffers[best][0][attribute] as string) < 0) best = n;
      }
      if (best < 0) break;
      batch.push(buffers[best].shift()!.id as string);
      if (batch.length === 100) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  async assetsOfDevice(space: string, deviceId: string): Promise<string[]> {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: this.assets,
        IndexName: DEVICE_INDEX,
        KeyConditionExpression: 'dpk = :d',
        ExpressionAttributeValues: { ':d': devicePk(space, deviceId) },
        Limit: 10,
      }),
    );
    return (out.Items ?? []).map((i) => i.id as string);
  }

  async writeAsset(space: string, write: AssetWrite): Promise<WriteOutcome> {
    const { asset } = write;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    let condition: string;
    if (write.expectedVersion === null) {
      condition = 'attribute_not_exists(id)';
    } else {
      condition = `version = :v AND ${incarnationCondition(asset, values)}`;
      values[':v'] = write.expectedVersion;
      if (write.latestBefore !== undefined) {
        condition += ' AND (attribute_not_exists(latest_location) OR latest_location.#ts < :ts)';
        names['#ts'] = 'timestamp';
        values[':ts'] = write.latestBefore;
      }
    }
    const item = assetItem(space, asset);
    assertItemFits(item, 'asset');
    const entry = write.index;
    // Placed before the asset names it, removed after the asset stops naming it: the asset's
    // current entry always exists. What a refused or interrupted write leaves behind is an entry
    // the asset does not name, which readIndex skips and TTL drops.
    if (entry) await documentClient().send(new PutCommand({ TableName: this.positions, Item: positionItem(space, asset, entry) }));
    const written = await conditionalWrite(
      new PutCommand({
        TableName: this.assets,
        Item: item,
        ConditionExpression: condition,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
      }),
    );
    if (!written) return write.expectedVersion === null ? 'exists' : 'conflict';
    const old = write.removeIndex;
    if (movedFrom(old, entry)) await this.removeEntry(space, asset.id, old);
    return 'ok';
  }

  /**
   * Deletes an entry the asset no longer names, only if the version that placed it is still the one
   * there: an asset that came back to the cell meanwhile placed its entry again, and keeps it.
   */
  private async removeEntry(space: string, id: string, old: IndexKey): Promise<void> {
    await conditionalWrite(
      new DeleteCommand({
        TableName: this.positions,
        Key: indexKey(space, old, id),
        ...(old.v === undefined
          ? { ConditionExpression: 'attribute_not_exists(v)' }
          : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': old.v } }),
      }),
    );
  }

  async deleteAsset(space: string, asset: StoredAsset, tombstone: Tombstone, purgeDue: number): Promise<WriteOutcome> {
    const values: Record<string, unknown> = { ':v': asset.version };
    const condition = `version = :v AND ${incarnationCondition(asset, values)}`;
    const work = purgeWork(space, tombstone.key);
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: this.assets,
          Key: { pk: assetPk(space, asset.id), id: asset.id },
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        },
      },
      {
        Put: {
          TableName: workTable(),
          Item: { ...workItemKey(work), asset: tombstone.assetId, deleted_at: tombstone.deletedAt, ...dueAttributes(work, purgeDue) },
        },
      },
    ];
    if (asset.index_key) items.push({ Delete: { TableName: this.positions, Key: indexKey(space, asset.index_key, asset.id) } });
    return transact(items, 'conflict');
  }

  async findTombstone(space: string, assetId: string, nowMs: number): Promise<Tombstone | undefined> {
    const items = await queryAll({
      TableName: workTable(),
      // The bare id (an asset from before incarnations) and every "<id>\u001f<inc>".
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :id AND :last',
      ExpressionAttributeValues: { ':pk': workItemKey(purgeWork(space, '')).pk, ':id': assetId, ':last': `${assetId}\u001f\uffff` },
      ConsistentRead: true,
    });
    const now = nowMs / 1000;
    const kept = items
      .filter((i) => i.expires_at === undefined || (i.expires_at as number) > now)
      .map((i) => ({ assetId, key: i.sk as string, deletedAt: i.deleted_at as number, done: i.done === true }))
      .sort((a, b) => b.deletedAt - a.deletedAt);
    return kept[0];
  }

  async finishPurge(space: string, key: string, keepUntilMs: number): Promise<void> {
    await documentClient().send(
      new UpdateCommand({
        TableName: workTable(),
        Key: workItemKey(purgeWork(space, key)),
        UpdateExpression: 'SET done = :t, expires_at = :exp REMOVE due_pk, due_sk',
        ExpressionAttributeValues: { ':t': true, ':exp': Math.ceil(keepUntilMs / 1000) },
      }),
    );
  }

  async readIndex(space: string, ranges: readonly H3Range[]): Promise<PositionEntry[]> {
    // A wide area spans hundreds of partition cells: a bounded number of queries at a time.
    const parts = await inBatches(ranges, 16, (r) =>
      queryAll({
        TableName: this.positions,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': indexPk(space, r.coarse), ':from': r.from, ':to': r.to },
        ProjectionExpression: 'pk, sk',
      }),
    );
    // The entry says which cell the asset is in; the asset item says where it is now.
    const entries = new Set<string>();
    const ids = new Set<string>();
    for (const items of parts) {
      for (const i of items) {
        entries.add(`${i.pk as string}\u0000${i.sk as string}`);
        ids.add(entryAssetId(i.sk as string));
      }
    }
    const assets = (await inBatches(chunked([...ids], 100), 8, (batch) => this.getAssets(space, batch))).flat();
    const out: PositionEntry[] = [];
    for (const stored of assets) {
      const { index_key: key, ...asset } = stored;
      const latest = asset.latest_location;
      // Only the entry the asset names counts: others are left over from a move.
      const named = key && indexKey(space, key, asset.id);
      if (!named || !latest || !entries.has(`${named.pk as string}\u0000${named.sk as string}`)) continue;
      out.push({ assetId: asset.id, lat: latest.location.lat, lon: latest.location.lon, ts: latest.timestamp, asset });
    }
    return out;
  }
}

/** The asset id of an entry's sort key, "<fine cell>#<id>" (cells are hex: the first '#' ends them). */
const entryAssetId = (sk: string) => sk.slice(sk.indexOf('#') + 1);

function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
