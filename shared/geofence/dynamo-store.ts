import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { assertItemFits, assertTransactionFits } from '../platform/limits';
import type { GeofenceRecord, StoredGeofence } from './model';
import { DuplicateIdError, type DeleteClaim, type GeofenceStore, type ListedFence } from './store';
import {
  documentClient,
  failedConditions,
  isConditionalCheckFailed,
  isTransactionCanceled,
  queryAll,
  queryPages,
} from '../platform/dynamo';
import type { LatLon } from '../geo';
import { fenceCells, GeofenceCells, type ShapeCopy } from './dynamo-cells';

// One partition per data space (pk), the geofence id as sort key. The record
// is stored as gzipped JSON: polygons of thousands of vertices stay far below
// DynamoDB's 400 KB item limit and skip per-number attribute marshalling.
// Every write also keeps the spatial index (dynamo-cells.ts) in step: cells
// are listed before a fence is written and unlisted after it is gone.

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

const shapeOf = (g: StoredGeofence): ShapeCopy => ({ id: g.record.id, rev: g.rev, createdKey: g.createdKey, rec: encode(g.record) });

function cancelledIndexes(error: unknown): number[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

export class DynamoGeofenceStore implements GeofenceStore {
  private readonly table = config.table('geofences');
  private readonly cells = new GeofenceCells();

  async get(space: string, id: string): Promise<StoredGeofence | undefined> {
    const out = await documentClient().send(new GetCommand({ TableName: this.table, Key: { pk: space, sk: id } }));
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async getMany(space: string, ids: readonly string[]): Promise<StoredGeofence[]> {
    return (await this.readMany(space, ids, false)).map((item) => fromItem(item));
  }

  private async readMany(
    space: string,
    ids: readonly string[],
    consistent: boolean,
    projection?: string,
  ): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => ({ pk: space, sk: id }));
      while (keys && keys.length) {
        const out: BatchGetCommandOutput = await documentClient().send(
          new BatchGetCommand({
            RequestItems: { [this.table]: { Keys: keys, ConsistentRead: consistent, ProjectionExpression: projection } },
          }),
        );
        found.push(...(out.Responses?.[this.table] ?? []));
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

  async *pages(space: string): AsyncGenerator<StoredGeofence[]> {
    for await (const items of queryPages({
      TableName: this.table,
      IndexName: 'byCreated',
      KeyConditionExpression: 'pk = :space',
      ExpressionAttributeValues: { ':space': space },
      Limit: 200,
    })) {
      yield items.map((item) => fromItem(item));
    }
  }

  /**
   * Lists every stored geofence (all spaces) in the spatial index and copies its record beside
   * it, once per table: geofences written before the index existed are otherwise never found by
   * contains (and monitors would read them from the space's partition). Safe to run again
   * and while geofences are written (a new write lists itself). Returns how many were listed.
   */
  async indexExisting(): Promise<number> {
    if (await this.cells.migrated()) return 0;
    let listed = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(new ScanCommand({ TableName: this.table, ExclusiveStartKey: start }));
      const bySpace = new Map<string, StoredGeofence[]>();
      for (const item of page.Items ?? []) bySpace.set(item.pk as string, [...(bySpace.get(item.pk as string) ?? []), fromItem(item)]);
      for (const [space, fences] of bySpace) {
        await this.cells.add(space, fences);
        await this.cells.putShapes(space, fences.map(shapeOf));
      }
      listed += page.Items?.length ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    await this.cells.markMigrated();
    return listed;
  }

  async listIds(space: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    for await (const page of queryPages({
      TableName: this.table,
      IndexName: 'byCreatedIds',
      KeyConditionExpression: 'pk = :space',
      ExpressionAttributeValues: { ':space': space },
      Limit: limit,
    })) {
      for (const item of page) if (ids.length < limit) ids.push(item.sk as string);
      if (ids.length >= limit) break;
    }
    return ids;
  }

  async idsNear(space: string, points: readonly LatLon[]): Promise<Set<string>> {
    return this.cells.idsUnder(space, this.cells.lookupCells(points));
  }

  listedIn(space: string, cell: string): Promise<ListedFence[]> {
    return this.cells.listedIn(space, cell);
  }

  async getListed(space: string, wanted: readonly ListedFence[]): Promise<StoredGeofence[]> {
    const copies = (await this.cells.getShapes(space, wanted)).map((item) => fromItem(item));
    const held = new Set(copies.map((g) => `${g.record.id}\u0000${g.rev}`));
    const missing = wanted.filter((w) => !held.has(`${w.id}\u0000${w.rev}`)).map((w) => w.id);
    const found = new Set(copies.map((g) => g.record.id));
    return [
      ...copies,
      ...(missing.length
        ? await this.getMany(
            space,
            missing.filter((id) => !found.has(id)),
          )
        : []),
    ];
  }

  async create(space: string, geofences: readonly StoredGeofence[]): Promise<void> {
    const condition = 'attribute_not_exists(sk)';
    const items = geofences.map((g) => toItem(space, g));
    items.forEach((item, i) =>
      assertItemFits(item as unknown as Record<string, unknown>, geofences.length === 1 ? 'polygon' : `geofences[${i}]`),
    );
    assertTransactionFits(items as unknown as Record<string, unknown>[], 'geofences');
    await this.cells.add(space, geofences);
    try {
      if (geofences.length === 1) {
        await documentClient().send(new PutCommand({ TableName: this.table, Item: items[0], ConditionExpression: condition }));
      } else {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: items.map((item) => ({
              Put: { TableName: this.table, Item: item, ConditionExpression: condition },
            })),
          }),
        );
      }
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new DuplicateIdError([geofences[0].record.id]);
      if (isTransactionCanceled(error)) {
        const taken = cancelledIndexes(error).map((i) => geofences[i].record.id);
        if (taken.length) throw new DuplicateIdError(taken);
      }
      throw error;
    }
    await this.cells.putShapes(space, geofences.map(shapeOf));
  }

  async replace(space: string, next: GeofenceRecord, expected: StoredGeofence): Promise<boolean> {
    const stored: StoredGeofence = { record: next, createdKey: expected.createdKey, rev: randomUUID() };
    const item = toItem(space, stored);
    assertItemFits(item as unknown as Record<string, unknown>, 'polygon');
    await this.cells.add(space, [stored]);
    try {
      await documentClient().send(
        new PutCommand({
          TableName: this.table,
          Item: item,
          ConditionExpression: 'rev = :rev',
          ExpressionAttributeValues: { ':rev': expected.rev },
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
    await this.cells.putShapes(space, [shapeOf(stored)]);
    await this.cells.dropShapes(space, [{ id: expected.record.id, rev: expected.rev }]);
    const kept = new Set(fenceCells(stored));
    await this.cells.remove(
      space,
      expected,
      fenceCells(expected).filter((cell) => !kept.has(cell)),
    );
    return true;
  }

  async delete(space: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const before = await this.getMany(space, unique);
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: unique.map((id) => ({
            Delete: { TableName: this.table, Key: { pk: space, sk: id }, ConditionExpression: 'attribute_exists(sk)' },
          })),
        }),
      );
    } catch (error) {
      if (isTransactionCanceled(error)) {
        const missing = cancelledIndexes(error).map((i) => unique[i]);
        if (missing.length) return missing;
      }
      throw error;
    }
    await this.unlist(space, before);
    return [];
  }

  /** Removes deleted fences from the spatial index (after the delete: a stored fence stays listed). */
  private async unlist(space: string, deleted: readonly StoredGeofence[]): Promise<void> {
    await this.cells.dropShapes(
      space,
      deleted.map((g) => ({ id: g.record.id, rev: g.rev })),
    );
    for (const g of deleted) await this.cells.remove(space, g, fenceCells(g));
  }

  async claimForDelete(
    space: string,
    ids: readonly string[],
    claim: DeleteClaim,
    nowMs: number,
  ): Promise<{ missing: string[]; busy: string[] }> {
    const unique = [...new Set(ids)];
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: unique.map((id) => ({
            Update: {
              TableName: this.table,
              Key: { pk: space, sk: id },
              UpdateExpression: 'SET del_token = :token, del_until = :until',
              ConditionExpression: 'attribute_exists(sk) AND (attribute_not_exists(del_until) OR del_until < :now)',
              ExpressionAttributeValues: { ':token': claim.token, ':until': claim.untilMs, ':now': nowMs },
            },
          })),
        }),
      );
      return { missing: [], busy: [] };
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const failed = [...failedConditions(error)].map((i) => unique[i]);
      const present = new Set((await this.readMany(space, failed, true, 'sk')).map((item) => item.sk as string));
      return { missing: failed.filter((id) => !present.has(id)), busy: failed.filter((id) => present.has(id)) };
    }
  }

  async deleteClaimed(space: string, ids: readonly string[], claim: DeleteClaim, nowMs: number): Promise<boolean> {
    const before = await this.getMany(space, [...new Set(ids)]);
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [...new Set(ids)].map((id) => ({
            Delete: {
              TableName: this.table,
              Key: { pk: space, sk: id },
              ConditionExpression: 'del_token = :token AND del_until > :now',
              ExpressionAttributeValues: { ':token': claim.token, ':now': nowMs },
            },
          })),
        }),
      );
    } catch (error) {
      if (isTransactionCanceled(error)) return false;
      throw error;
    }
    await this.unlist(space, before);
    return true;
  }

  async releaseClaim(space: string, ids: readonly string[], claim: DeleteClaim): Promise<void> {
    await Promise.all(
      [...new Set(ids)].map(async (id) => {
        try {
          await documentClient().send(
            new UpdateCommand({
              TableName: this.table,
              Key: { pk: space, sk: id },
              UpdateExpression: 'REMOVE del_token, del_until',
              ConditionExpression: 'del_token = :token',
              ExpressionAttributeValues: { ':token': claim.token },
            }),
          );
        } catch (error) {
          if (!isConditionalCheckFailed(error)) throw error;
        }
      }),
    );
  }

  async unavailable(space: string, ids: readonly string[], nowMs: number): Promise<string[]> {
    const items = await this.readMany(space, ids, true, 'sk, del_until');
    const ok = new Set(
      items.filter((item) => !(typeof item.del_until === 'number' && item.del_until >= nowMs)).map((item) => item.sk as string),
    );
    return [...new Set(ids)].filter((id) => !ok.has(id));
  }
}
