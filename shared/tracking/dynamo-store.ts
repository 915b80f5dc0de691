import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import type { H3Range } from '../geo';
import type { IndexEntry, IndexKey, LocationRecord, PositionEntry, StoredAsset, Tombstone } from './model';
import { pageFrom, type Page } from '../platform/paging';
import { dueAttributes, workItemKey, workTable, type WorkKey } from '../platform/work';
import type { AssetWrite, TrackingStore, WriteOutcome } from './store';
import { unprocessable } from '../platform/errors';
import { assertItemFits } from '../platform/limits';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { HISTORY_BUCKET_MS, MAX_POINTS_PER_BUCKET } from './model';
import {
  batchWriteAll,
  deletePartition,
  documentClient,
  isConditionalCheckFailed,
  isTransactionCanceled,
  queryAll,
  queryPages,
} from '../platform/dynamo';

// DynamoDB adapter of the live tracking service. Storage design and read cost:
// shared/tracking/README.md. Every partition key starts with the caller's space.

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
  const { pk: _pk, ...rest } = item;
  return rest as unknown as StoredAsset;
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
    const out = await documentClient().send(new GetCommand({ TableName: this.assets, Key: { pk: space, id }, ConsistentRead: true }));
    return out.Item ? toAsset(out.Item) : null;
  }

  async listAssets(space: string): Promise<StoredAsset[]> {
    const items = await queryAll({
      TableName: this.assets,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': space },
      ConsistentRead: true,
    });
    return items.map(toAsset);
  }

  async *assetPages(space: string, descending: boolean): AsyncGenerator<StoredAsset[]> {
    for await (const items of queryPages({
      TableName: this.assets,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': space },
      ConsistentRead: true,
      ScanIndexForward: !descending,
      Limit: 200,
    })) {
      yield items.map(toAsset);
    }
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
          Item: { ...asset, pk: space },
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
          Key: { pk: space, id: asset.id },
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

  async findTombstone(space: string, assetId: string): Promise<Tombstone | undefined> {
    const items = await queryAll({
      TableName: workTable(),
      // The bare id (an asset from before incarnations) and every "<id>\u001f<inc>".
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :id AND :last',
      ExpressionAttributeValues: { ':pk': workItemKey(purgeWork(space, '')).pk, ':id': assetId, ':last': `${assetId}\u001f\uffff` },
      ConsistentRead: true,
    });
    const now = Date.now() / 1000;
    const kept = items
      .filter((i) => i.expires_at === undefined || (i.expires_at as number) > now)
      .map((i) => ({ assetId, key: i.sk as string, deletedAt: i.deleted_at as number, done: i.done === true }))
      .sort((a, b) => b.deletedAt - a.deletedAt);
    return kept[0];
  }

  async finishPurge(space: string, key: string, keepMs: number): Promise<void> {
    await documentClient().send(
      new UpdateCommand({
        TableName: workTable(),
        Key: workItemKey(purgeWork(space, key)),
        UpdateExpression: 'SET done = :t, expires_at = :exp REMOVE due_pk, due_sk',
        ExpressionAttributeValues: { ':t': true, ':exp': Math.ceil((Date.now() + keepMs) / 1000) },
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
    const parts = await Promise.all(
      ranges.map((r) =>
        queryAll({
          TableName: this.positions,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': indexPk(space, r.coarse), ':from': r.from, ':to': r.to },
        }),
      ),
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
          req: { PutRequest: { Item: { ...asset, index_key: { coarse: index.coarse, fine: index.fine }, pk: space } } },
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
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return onConditionFailed;
      // TransactionConflict (a concurrent write on one of the items): the caller re-reads and retries.
      return 'conflict';
    }
  }
}
