import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import type { GeofenceRecord, StoredGeofence } from './model';
import { DuplicateIdError, type GeofenceStore } from './store';
import { documentClient, isConditionalCheckFailed, isTransactionCanceled, queryAll } from '../platform/dynamo';

// One partition per data space (pk), the geofence id as sort key. The record
// is stored as gzipped JSON: polygons of thousands of vertices stay far below
// DynamoDB's 400 KB item limit and skip per-number attribute marshalling.

interface Item {
  pk: string;
  sk: string;
  created_sk: string;
  rev: string;
  rec: Uint8Array;
}

const encode = (record: GeofenceRecord) => gzipSync(Buffer.from(JSON.stringify(record)));
const decode = (bytes: Uint8Array) => JSON.parse(gunzipSync(bytes).toString('utf8')) as GeofenceRecord;

const toItem = (space: string, g: StoredGeofence): Item => ({
  pk: space,
  sk: g.record.id,
  created_sk: g.createdKey,
  rev: g.rev,
  rec: encode(g.record),
});
const fromItem = (item: Record<string, unknown>): StoredGeofence => ({
  record: decode(item.rec as Uint8Array),
  createdKey: item.created_sk as string,
  rev: item.rev as string,
});

function cancelledIndexes(error: unknown): number[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

export class DynamoGeofenceStore implements GeofenceStore {
  private readonly table = config.table('geofences');

  async get(space: string, id: string): Promise<StoredGeofence | undefined> {
    const out = await documentClient().send(new GetCommand({ TableName: this.table, Key: { pk: space, sk: id } }));
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async getMany(space: string, ids: readonly string[]): Promise<StoredGeofence[]> {
    const found: StoredGeofence[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = [...new Set(ids.slice(i, i + 100))].map((id) => ({ pk: space, sk: id }));
      while (keys && keys.length) {
        const out: BatchGetCommandOutput = await documentClient().send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys } } }),
        );
        for (const item of out.Responses?.[this.table] ?? []) found.push(fromItem(item));
        keys = out.UnprocessedKeys?.[this.table]?.Keys;
      }
    }
    return found;
  }

  async listAll(space: string): Promise<StoredGeofence[]> {
    const items = await queryAll({
      TableName: this.table,
      IndexName: 'byCreated',
      KeyConditionExpression: 'pk = :space',
      ExpressionAttributeValues: { ':space': space },
    });
    return items.map((item) => fromItem(item));
  }

  async create(space: string, geofences: readonly StoredGeofence[]): Promise<void> {
    const condition = 'attribute_not_exists(sk)';
    try {
      if (geofences.length === 1) {
        await documentClient().send(
          new PutCommand({ TableName: this.table, Item: toItem(space, geofences[0]), ConditionExpression: condition }),
        );
        return;
      }
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: geofences.map((g) => ({
            Put: { TableName: this.table, Item: toItem(space, g), ConditionExpression: condition },
          })),
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new DuplicateIdError([geofences[0].record.id]);
      if (isTransactionCanceled(error)) {
        const taken = cancelledIndexes(error).map((i) => geofences[i].record.id);
        if (taken.length) throw new DuplicateIdError(taken);
      }
      throw error;
    }
  }

  async replace(space: string, next: GeofenceRecord, expected: StoredGeofence): Promise<boolean> {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: this.table,
          Item: toItem(space, { record: next, createdKey: expected.createdKey, rev: randomUUID() }),
          ConditionExpression: 'rev = :rev',
          ExpressionAttributeValues: { ':rev': expected.rev },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async delete(space: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: unique.map((id) => ({
            Delete: { TableName: this.table, Key: { pk: space, sk: id }, ConditionExpression: 'attribute_exists(sk)' },
          })),
        }),
      );
      return [];
    } catch (error) {
      if (isTransactionCanceled(error)) {
        const missing = cancelledIndexes(error).map((i) => unique[i]);
        if (missing.length) return missing;
      }
      throw error;
    }
  }
}
