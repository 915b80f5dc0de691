import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { deletePartition, documentClient, isConditionalCheckFailed, queryPages } from '../platform/dynamo';
import { unprocessable } from '../platform/errors';
import { pageFrom, type Page } from '../platform/paging';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { HISTORY_BUCKET_MS, MAX_POINTS_PER_BUCKET, type LocationRecord } from './model';
import type { TrackingStore } from './store';

// The history half of the DynamoDB tracking adapter: an asset's points in one item per
// minute bucket, keyed by the asset incarnation's storage key (model.ts assetStorageKey).

export type HistoryMethods = 'addHistory' | 'deleteHistory' | 'purgeHistory' | 'readHistory' | 'pageHistory';

type Item = Record<string, unknown>;

const historyPk = (space: string, assetKey: string) => `${space}#${assetKey}`;

function points(item: Item, from: number, to: number): LocationRecord[] {
  const out: LocationRecord[] = [];
  for (const [key, value] of Object.entries((item.p ?? {}) as Record<string, Omit<LocationRecord, 'timestamp'>>)) {
    const timestamp = Number(key);
    if (timestamp >= from && timestamp <= to) out.push(withTimestamp(value, timestamp));
  }
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

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

export class DynamoHistory implements Pick<TrackingStore, HistoryMethods> {
  private readonly history = config.table('tracking-history');

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
}
