import { createHash } from 'node:crypto';
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import type { H3Range } from '../geo';
import type { IndexEntry, IndexKey, LocationRecord, PositionEntry, StoredAsset, Tombstone } from './model';
import { pageFrom, type Page } from '../platform/paging';
import { dueAttributes, workItemKey, workTable, type WorkKey } from '../platform/work';
import type { AssetSortField, AssetWrite, TrackingStore, WriteOutcome } from './store';
import { unprocessable } from '../platform/errors';
import { assertItemFits } from '../platform/limits';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { HISTORY_BUCKET_MS, MAX_POINTS_PER_BUCKET } from './model';
import {
  batchWriteAll,
  cancellationCodes,
  deletePartition,
  documentClient,
  isConditionalCheckFailed,
  isTransactionCanceled,
  queryAll,
  queryPages,
  retryTransactionConflicts,
} from '../platform/dynamo';

// DynamoDB adapter of the live tracking service. Storage design and read cost:
// shared/tracking/README.md. Every partition key starts with the caller's space.

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

// Each asset has its own partition, so an upload (which rewrites the asset's latest location)
// never writes a key the whole space shares.
const assetPk = (space: string, id: string) => `${space}#${id}`;

/** Shards of the list indexes: their keys take only creates, updates and deletes. */
export const LIST_SHARDS = 8;
const listPk = (space: string, id: string) => `${space}#${createHash('sha256').update(id).digest()[0] % LIST_SHARDS}`;
/** Sort keys on the list indexes: the field, then the id, so equal values keep one order. */
const LIST_INDEX: Record<AssetSortField, { index: string; attribute: string }> = {
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

// History keys take the asset incarnation's storage key (model.ts assetStorageKey).
const historyPk = (space: string, assetKey: string) => `${space}#${assetKey}`;
const purgeWork = (space: string, key: string): WorkKey => ({ kind: 'purge', space, key });

/** The write condition that pins the asset incarnation (assets from before incarnations have none). */
function incarnationCondition(asset: StoredAsset, values: Record<string, unknown>): string {
  if (!asset.inc) return 'attribute_not_exists(inc)';
  values[':inc'] = asset.inc;
  return 'inc = :inc';
}

function points(item: Item, from: number, to: number): LocationRecord[] {
  const out: LocationRecord[] = [];
  for (const [key, value] of Object.entries((item.p ?? {}) as Record<string, Omit<LocationRecord, 'timestamp'>>)) {
    const timestamp = Number(key);
    if (timestamp >= from && timestamp <= to) out.push(withTimestamp(value, timestamp));
  }
  return out.sort((a, b) => a.timestamp - b.timestamp);
}
const indexPk = (space: string, coarse: string) => `${space}#${coarse}`;
const indexSk = (fine: string, assetId: string) => `${fine}#${assetId}`;

/** Start (ms) of the history bucket holding a timestamp. */
const bucketOf = (ts: number) => Math.floor(ts / HISTORY_BUCKET_MS) * HISTORY_BUCKET_MS;

const bucketFull = (bucket: number) =>
  unprocessable(
    `locations: the minute starting at ${bucket} ms would hold more history than an asset keeps per minute ` +
      `(at most ${MAX_POINTS_PER_BUCKET} points and 400 KB including meta_data)`,
    'locations',
  );

function withoutTimestamp(p: LocationRecord): Omit<LocationRecord, 'timestamp'> {
  const { timestamp: _t, ...rest } = p;
  return rest;
}

function withTimestamp(p: Omit<LocationRecord, 'timestamp'>, timestamp: number): LocationRecord {
  // Field order as uploaded: location, timestamp, then the rest.
  const { location, ...rest } = p;
  return { location, timestamp, ...rest };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function toAsset(item: Item): StoredAsset {
  const { pk: _pk, lpk: _l, lc: _c, lu: _u, ln: _n, ...rest } = item;
  return rest as unknown as StoredAsset;
}

/** Asset item as stored: its own partition plus the list indexes' keys. */
const assetItem = (space: string, asset: StoredAsset): Item => ({ ...asset, pk: assetPk(space, asset.id), ...listKeys(space, asset) });

/** Byte order of UTF-8 strings: the order DynamoDB sorts string keys in. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Runs `work` on every item, at most `parallel` at a time, keeping the order of the results. */
async function inBatches<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += parallel) out.push(...(await Promise.all(items.slice(i, i + parallel).map(work))));
  return out;
}

/**
 * A position-index item. The asset snapshot is one JSON string, not a nested map: a search
 * reads hundreds of entries, and parsing one string each is several times cheaper than the
 * SDK's attribute-by-attribute unmarshalling of a map.
 */
function positionItem(space: string, asset: StoredAsset, at: IndexEntry): Item {
  const { index_key: _k, ...snapshot } = asset;
  return {
    pk: indexPk(space, at.coarse),
    sk: indexSk(at.fine, asset.id),
    lat: at.lat,
    lon: at.lon,
    ts: at.ts,
    expires_at: at.expiresAt,
    snap: JSON.stringify(snapshot),
  };
}

export class DynamoTrackingStore implements TrackingStore {
  private readonly assets = config.table('tracking-assets');
  private readonly history = config.table('tracking-history');
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
    const items: TransactItem[] = [
      {
        Put: {
          TableName: this.assets,
          Item: assetItem(space, asset),
          ConditionExpression: condition,
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
        },
      },
    ];
    const entry = write.index;
    if (entry) {
      items.push({ Put: { TableName: this.positions, Item: positionItem(space, asset, entry) } });
    }
    for (const item of items) if (item.Put) assertItemFits(item.Put.Item as Item, 'asset');
    const old = write.removeIndex;
    if (old && !(entry && entry.coarse === old.coarse && entry.fine === old.fine)) {
      items.push({ Delete: { TableName: this.positions, Key: { pk: indexPk(space, old.coarse), sk: indexSk(old.fine, asset.id) } } });
    }
    return this.transact(items, write.expectedVersion === null ? 'exists' : 'conflict');
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
    if (asset.index_key) items.push({ Delete: { TableName: this.positions, Key: this.indexKey(space, asset.index_key, asset.id) } });
    return this.transact(items, 'conflict');
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

  async addHistory(space: string, assetId: string, points: LocationRecord[], latestTs: number): Promise<LocationRecord[]> {
    const pk = historyPk(space, assetId);
    const buckets = new Map<number, LocationRecord[]>();
    for (const p of points) {
      const b = bucketOf(p.timestamp);
      const list = buckets.get(b) ?? [];
      list.push(p);
      buckets.set(b, list);
    }
    for (const [b, list] of buckets) {
      if (list.length > MAX_POINTS_PER_BUCKET) throw bucketFull(b);
    }
    const stored = await Promise.all(
      [...buckets].map(([b, list]) =>
        this.addToBucket(pk, b, list, b > latestTs).catch((error) => {
          // DynamoDB's 400 KB item limit (large meta_data): a refusal, not a fault.
          if ((error as { name?: string }).name === 'ValidationException' && /size/i.test(String((error as Error).message))) {
            throw bucketFull(b);
          }
          throw error;
        }),
      ),
    );
    return stored.flat().sort((a, b) => a.timestamp - b.timestamp);
  }

  /** Adds points to one bucket item; returns the ones that were not there (first write wins). */
  private async addToBucket(pk: string, bucket: number, points: LocationRecord[], likelyNew: boolean): Promise<LocationRecord[]> {
    const tryPut = async (): Promise<boolean> => {
      const map: Record<string, unknown> = {};
      for (const p of points) map[String(p.timestamp)] = withoutTimestamp(p);
      try {
        await documentClient().send(
          new PutCommand({ TableName: this.history, Item: { pk, ts: bucket, p: map }, ConditionExpression: 'attribute_not_exists(pk)' }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    };
    if (likelyNew && (await tryPut())) return points;
    return retry(
      async () => {
        const stored = await this.updateBucket(pk, bucket, points);
        if (stored) return stored;
        // The bucket does not exist yet (or is full): create it. When that fails too, a
        // concurrent upload created it meanwhile (update again) or it is full.
        if (await tryPut()) return points;
        throw new WriteConflict();
      },
      { retryable: isWriteConflict, attempts: 3, exhausted: () => bucketFull(bucket) },
    );
  }

  /** null when the bucket is missing or has no room for the points. */
  private async updateBucket(pk: string, bucket: number, points: LocationRecord[]): Promise<LocationRecord[] | null> {
    const fresh: LocationRecord[] = [];
    // Chunks of 100 points with two-digit placeholders ("p.#42 = if_not_exists(p.#42, :42)",
    // 35 characters) keep the update expression under DynamoDB's 4 KB limit, so a minute
    // at 1 Hz is one call. A later chunk failing leaves the earlier ones stored; a retry
    // skips them.
    for (const chunk of chunks(points, 100)) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':room': MAX_POINTS_PER_BUCKET - chunk.length };
      const sets = chunk.map((p, i) => {
        names[`#${i}`] = String(p.timestamp);
        values[`:${i}`] = withoutTimestamp(p);
        return `p.#${i} = if_not_exists(p.#${i}, :${i})`;
      });
      let old: Record<string, unknown> | undefined;
      try {
        const out = await documentClient().send(
          new UpdateCommand({
            TableName: this.history,
            Key: { pk, ts: bucket },
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(p) AND size(p) <= :room',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'UPDATED_OLD',
          }),
        );
        old = out.Attributes?.p as Record<string, unknown> | undefined;
      } catch (error) {
        // Missing bucket (the caller creates it), or full. A bucket that took
        // earlier chunks of this call and refuses a later one is full.
        if (isConditionalCheckFailed(error)) {
          if (fresh.length) throw bucketFull(bucket);
          return null;
        }
        throw error;
      }
      for (const p of chunk) if (!old || !(String(p.timestamp) in old)) fresh.push(p);
    }
    return fresh;
  }

  async deleteHistory(space: string, assetId: string, timestamps: number[]): Promise<void> {
    const pk = historyPk(space, assetId);
    const buckets = new Map<number, number[]>();
    for (const t of timestamps) buckets.set(bucketOf(t), [...(buckets.get(bucketOf(t)) ?? []), t]);
    for (const [b, list] of buckets) {
      for (const chunk of chunks(list, 50)) {
        const names: Record<string, string> = {};
        chunk.forEach((t, i) => (names[`#t${i}`] = String(t)));
        await documentClient()
          .send(
            new UpdateCommand({
              TableName: this.history,
              Key: { pk, ts: b },
              UpdateExpression: `REMOVE ${chunk.map((_, i) => `p.#t${i}`).join(', ')}`,
              ConditionExpression: 'attribute_exists(p)',
              ExpressionAttributeNames: names,
            }),
          )
          .catch((error) => {
            if (!isConditionalCheckFailed(error)) throw error;
          });
      }
    }
  }

  async purgeHistory(space: string, assetId: string): Promise<void> {
    await deletePartition(this.history, historyPk(space, assetId), 'ts');
  }

  async readHistory(space: string, assetId: string, from: number, to: number): Promise<LocationRecord[]> {
    const out: LocationRecord[] = [];
    for await (const batch of this.historyBatches(space, assetId, from, to)) out.push(...batch);
    return out;
  }

  async pageHistory(
    space: string,
    assetId: string,
    q: { from: number; to: number; pn: number; ps: number },
  ): Promise<{ list: LocationRecord[]; page: Page }> {
    return pageFrom(this.historyBatches(space, assetId, q.from, q.to, 30), q.pn, q.ps);
  }

  /** The points in [from, to] bucket by bucket, in timestamp order; `bucketsPerRead` buckets per Query. */
  private async *historyBatches(
    space: string,
    assetId: string,
    from: number,
    to: number,
    bucketsPerRead?: number,
  ): AsyncGenerator<LocationRecord[]> {
    for await (const items of queryPages({
      TableName: this.history,
      KeyConditionExpression: 'pk = :pk AND ts BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': historyPk(space, assetId), ':from': bucketOf(from), ':to': bucketOf(to) },
      ConsistentRead: true,
      ...(bucketsPerRead ? { Limit: bucketsPerRead } : {}),
    })) {
      yield items.flatMap((item) => points(item, from, to));
    }
  }

  async readIndex(space: string, ranges: readonly H3Range[]): Promise<PositionEntry[]> {
    // A wide area spans hundreds of partition cells: a bounded number of queries at a time.
    const parts = await inBatches(ranges, 16, (r) =>
      queryAll({
        TableName: this.positions,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': indexPk(space, r.coarse), ':from': r.from, ':to': r.to },
      }),
    );
    const out: PositionEntry[] = [];
    for (const items of parts) {
      for (const i of items) {
        // Entries written before the snapshot became a JSON string still carry it as a map.
        const asset = (typeof i.snap === 'string' ? JSON.parse(i.snap) : i.asset) as StoredAsset;
        out.push({ assetId: asset.id, lat: i.lat as number, lon: i.lon as number, ts: i.ts as number, asset });
      }
    }
    return out;
  }

  /** Asset items stored before each asset had its own partition (pk = the space), a scan page at a time. */
  async *legacyAssets(): AsyncGenerator<Array<{ space: string; asset: StoredAsset }>> {
    let start: Item | undefined;
    do {
      const page = await documentClient().send(
        new ScanCommand({ TableName: this.assets, FilterExpression: 'attribute_not_exists(lpk)', ExclusiveStartKey: start }),
      );
      yield (page.Items ?? []).map((item) => ({ space: item.pk as string, asset: toAsset(item) }));
      start = page.LastEvaluatedKey;
    } while (start);
  }

  /**
   * Moves a legacy asset item to its own partition and its index entry to `index` (its old entry
   * removed), in one transaction; false when the item changed or moved meanwhile.
   */
  async moveLegacyAsset(space: string, asset: StoredAsset, index: IndexEntry | null): Promise<boolean> {
    const moved: StoredAsset = { ...asset };
    delete moved.index_key;
    if (index) moved.index_key = { coarse: index.coarse, fine: index.fine };
    const items: TransactItem[] = [
      { Put: { TableName: this.assets, Item: assetItem(space, moved), ConditionExpression: 'attribute_not_exists(id)' } },
      {
        Delete: {
          TableName: this.assets,
          Key: { pk: space, id: asset.id },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': asset.version },
        },
      },
    ];
    if (index) items.push({ Put: { TableName: this.positions, Item: positionItem(space, moved, index) } });
    const old = asset.index_key;
    if (old && !(index && index.coarse === old.coarse && index.fine === old.fine)) {
      items.push({ Delete: { TableName: this.positions, Key: this.indexKey(space, old, asset.id) } });
    }
    return (await this.transact(items, 'conflict')) === 'ok';
  }

  /** Bulk load of index entries and assets (benchmark seeding only; no conditions). */
  async seed(
    space: string,
    assets: Array<{ asset: StoredAsset; index: IndexEntry }>,
    options: { positionsOnly?: boolean } = {},
  ): Promise<void> {
    const requests: Array<{ table: string; req: Item }> = [];
    for (const { asset, index } of assets) {
      if (!options.positionsOnly)
        requests.push({
          table: this.assets,
          req: { PutRequest: { Item: assetItem(space, { ...asset, index_key: { coarse: index.coarse, fine: index.fine } }) } },
        });
      requests.push({ table: this.positions, req: { PutRequest: { Item: positionItem(space, asset, index) } } });
    }
    const byTable = new Map<string, Item[]>();
    for (const r of requests) {
      const list = byTable.get(r.table) ?? [];
      list.push(r.req);
      byTable.set(r.table, list);
    }
    for (const [table, reqs] of byTable) await batchWriteAll(table, reqs, 8);
  }

  private indexKey(space: string, key: IndexKey, assetId: string): Item {
    return { pk: indexPk(space, key.coarse), sk: indexSk(key.fine, assetId) };
  }

  private async transact(items: TransactItem[], onConditionFailed: WriteOutcome): Promise<WriteOutcome> {
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
}
