import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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

const PARALLEL_LOOKUPS = 8;

/** Marks a table whose geofences written before the index existed have all been listed. */
const MIGRATED_KEY = { pk: '#migrated', sk: 'cover-v1' };

const cellPk = (space: string, cell: string) => `${space}#${cell}`;

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
