import { BatchGetCommand, type BatchGetCommandOutput, DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { compileFence, type LatLon } from '../geo';
import { config } from '../platform/config';
import { batchWriteAll, documentClient, isConditionalCheckFailed, queryAll } from '../platform/dynamo';
import { fenceInput } from './contain';
import { coverCells, pointCells } from './cover';
import type { StoredGeofence } from './model';

// The geofence-cells table: one small item per (cover cell, fence), keyed
// "<space>#<cell>" so a lookup reads one short list per cell and a city's
// fences spread over many partition keys. Entries are written before the fence
// they point at and removed after it, so a stored fence is always listed under
// its cells; stale entries only add candidates. Each entry carries the fence
// revision that wrote it: a late clean-up of an old shape removes only the
// entries nothing newer has written since.
//
// The same table keeps a copy of each fence's record under a key of its own,
// "<space>#shape#<id>" / <revision>, so that monitor evaluation, which loads
// the fences listed near every upload's points on every instance, reads them
// spread over one key per fence instead of the space's partition. A copy is
// written after the fence (it never holds a revision that was not stored) and
// removed when the revision is replaced or deleted; a reader that finds no copy
// reads the fence itself.

const PARALLEL_LOOKUPS = 8;

/** Marks a table whose geofences written before the index existed have all been listed. */
const MIGRATED_KEY = { pk: '#migrated', sk: 'cover-v2' };

const cellPk = (space: string, cell: string) => `${space}#${cell}`;
const shapePk = (space: string, id: string) => `${space}#shape#${id}`;

/** A fence's record as stored (gzipped JSON), for its copy. */
export interface ShapeCopy {
  id: string;
  rev: string;
  createdKey: string;
  rec: Uint8Array;
}

export function fenceCells(g: StoredGeofence): string[] {
  return coverCells(compileFence(fenceInput(g.record)));
}

export class GeofenceCells {
  private readonly table = config.table('geofence-cells');

  /** Lists each fence under every cell of its cover (all of them, stamped with its revision). */
  async add(space: string, fences: readonly StoredGeofence[]): Promise<void> {
    const puts = fences.flatMap((g) =>
      fenceCells(g).map((cell) => ({ PutRequest: { Item: { pk: cellPk(space, cell), sk: g.record.id, rev: g.rev } } })),
    );
    await batchWriteAll(this.table, puts);
  }

  /** Removes the entries of `g` under `cells` that still carry g's revision. */
  async remove(space: string, g: StoredGeofence, cells: readonly string[]): Promise<void> {
    for (let i = 0; i < cells.length; i += PARALLEL_LOOKUPS) {
      await Promise.all(
        cells.slice(i, i + PARALLEL_LOOKUPS).map(async (cell) => {
          try {
            await documentClient().send(
              new DeleteCommand({
                TableName: this.table,
                Key: { pk: cellPk(space, cell), sk: g.record.id },
                ConditionExpression: 'rev = :rev',
                ExpressionAttributeValues: { ':rev': g.rev },
              }),
            );
          } catch (error) {
            if (!isConditionalCheckFailed(error)) throw error;
          }
        }),
      );
    }
  }

  /** Copies the records (after they were stored). */
  async putShapes(space: string, shapes: readonly ShapeCopy[]): Promise<void> {
    await batchWriteAll(
      this.table,
      shapes.map((c) => ({ PutRequest: { Item: { pk: shapePk(space, c.id), sk: c.rev, created_sk: c.createdKey, rec: c.rec } } })),
    );
  }

  /** Drops the copies of these revisions. */
  async dropShapes(space: string, revisions: readonly { id: string; rev: string }[]): Promise<void> {
    await batchWriteAll(
      this.table,
      revisions.map((r) => ({ DeleteRequest: { Key: { pk: shapePk(space, r.id), sk: r.rev } } })),
    );
  }

  /** The copies held of these revisions, as stored items (id in `sk` of the geofence table's shape). */
  async getShapes(space: string, wanted: readonly { id: string; rev: string }[]): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    const keys = [...new Map(wanted.map((w) => [`${w.id}\u0000${w.rev}`, { pk: shapePk(space, w.id), sk: w.rev }])).values()];
    for (let i = 0; i < keys.length; i += 100) {
      let batch: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
      while (batch && batch.length) {
        const out: BatchGetCommandOutput = await documentClient().send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: batch } } }),
        );
        for (const item of out.Responses?.[this.table] ?? [])
          found.push({ ...item, pk: space, sk: (item.pk as string).slice(shapePk(space, '').length), rev: item.sk });
        batch = out.UnprocessedKeys?.[this.table]?.Keys;
      }
    }
    return found;
  }

  async migrated(): Promise<boolean> {
    const out = await documentClient().send(new GetCommand({ TableName: this.table, Key: MIGRATED_KEY, ConsistentRead: true }));
    return out.Item !== undefined;
  }

  async markMigrated(): Promise<void> {
    await documentClient().send(new PutCommand({ TableName: this.table, Item: MIGRATED_KEY }));
  }

  /** The distinct cells the points are looked up under. */
  lookupCells(points: readonly LatLon[]): string[] {
    return [...new Set(points.flatMap(pointCells))];
  }

  /** The entries under one cell: id and the revision that listed it. */
  async listedIn(space: string, cell: string): Promise<Array<{ id: string; rev: string }>> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': cellPk(space, cell) },
      ProjectionExpression: 'sk, rev',
    });
    return items.map((item) => ({ id: item.sk as string, rev: item.rev as string }));
  }

  /** Ids listed under any of the cells. */
  async idsUnder(space: string, cells: readonly string[]): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let i = 0; i < cells.length; i += PARALLEL_LOOKUPS) {
      const lists = await Promise.all(
        cells.slice(i, i + PARALLEL_LOOKUPS).map((cell) =>
          queryAll({
            TableName: this.table,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': cellPk(space, cell) },
            ProjectionExpression: 'sk',
          }),
        ),
      );
      for (const list of lists) for (const item of list) ids.add(item.sk as string);
    }
    return ids;
  }
}
