import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { assertItemFits } from '../platform/limits';
import { documentClient, failedConditions, isConditionalCheckFailed, isTransactionCanceled } from '../platform/dynamo';
import type { StoredTrip } from './model';
import type { CreateOutcome, TripStore, WriteOutcome } from './store';

// Trips, one partition per data space (see infra/tables/trips.ts): "t#<id>" the trip as one
// JSON document beside its version, "a#<assetId>" the asset's active trip.

const TRIP = 't#';
const ACTIVE = 'a#';

type Transaction = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** The fields a client can make large, the biggest of which a 413 names. */
const LARGE_FIELDS = ['attributes', 'stops', 'meta_data', 'description', 'name'] as const;

/**
 * The trip's item; 413 naming its largest field when it does not fit in one DynamoDB item (every
 * request limit at once, with multi-byte text, can pass 400 KB).
 */
export function tripItem(space: string, trip: StoredTrip) {
  const { version, ...doc } = trip;
  const item = { pk: space, sk: TRIP + trip.id, version, doc: JSON.stringify(doc) };
  const size = (f: (typeof LARGE_FIELDS)[number]) => Buffer.byteLength(JSON.stringify(trip[f]));
  assertItemFits(item, [...LARGE_FIELDS].sort((a, b) => size(b) - size(a))[0]);
  return item;
}

export class DynamoTripStore implements TripStore {
  private readonly table = config.table('trips');

  private tripPut(space: string, trip: StoredTrip) {
    return { TableName: this.table, Item: tripItem(space, trip) };
  }

  /** Removes the asset's active marker, only if it still names this trip. */
  private release(space: string, trip: StoredTrip): Transaction[number] {
    return {
      Delete: {
        TableName: this.table,
        Key: { pk: space, sk: ACTIVE + trip.asset_id },
        ConditionExpression: 'trip_id = :id',
        ExpressionAttributeValues: { ':id': trip.id },
      },
    };
  }

  async get(space: string, id: string): Promise<StoredTrip | null> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: space, sk: TRIP + id }, ConsistentRead: true }),
    );
    if (!out.Item) return null;
    return { ...(JSON.parse(out.Item.doc as string) as Omit<StoredTrip, 'version'>), version: out.Item.version as number };
  }

  async activeTripOf(space: string, assetId: string): Promise<string | null> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: space, sk: ACTIVE + assetId }, ConsistentRead: true }),
    );
    return typeof out.Item?.trip_id === 'string' ? out.Item.trip_id : null;
  }

  async create(space: string, trip: StoredTrip): Promise<CreateOutcome> {
    const items: Transaction = [{ Put: { ...this.tripPut(space, trip), ConditionExpression: 'attribute_not_exists(sk)' } }];
    if (trip.state === 'active') {
      items.push({
        Put: {
          TableName: this.table,
          Item: { pk: space, sk: ACTIVE + trip.asset_id, trip_id: trip.id },
          ConditionExpression: 'attribute_not_exists(sk)',
        },
      });
    }
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const failed = failedConditions(error);
      if (failed.has(0)) return 'exists';
      if (failed.has(1)) return 'asset-busy';
      throw error;
    }
  }

  async replace(space: string, next: StoredTrip, expectedVersion: number): Promise<WriteOutcome> {
    const items: Transaction = [
      {
        Put: {
          ...this.tripPut(space, next),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': expectedVersion },
        },
      },
    ];
    if (next.state === 'ended') {
      // The marker goes with the end; a trip that ended earlier has none left to remove.
      const current = await this.activeTripOf(space, next.asset_id);
      if (current === next.id) items.push(this.release(space, next));
    }
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (error) {
      if (isTransactionCanceled(error)) return 'conflict';
      throw error;
    }
  }

  async delete(space: string, trip: StoredTrip): Promise<WriteOutcome> {
    const condition = { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': trip.version } };
    try {
      if (trip.state === 'active') {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: this.table, Key: { pk: space, sk: TRIP + trip.id }, ...condition } },
              this.release(space, trip),
            ],
          }),
        );
      } else {
        await documentClient().send(new DeleteCommand({ TableName: this.table, Key: { pk: space, sk: TRIP + trip.id }, ...condition }));
      }
      return 'ok';
    } catch (error) {
      if (isTransactionCanceled(error) || isConditionalCheckFailed(error)) return 'conflict';
      throw error;
    }
  }
}
