import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import type { CreateOutcome, PlaceStore, ReplaceOutcome, StoredPlace, WriteGuard } from './store';
import { documentClient, failedConditions, isTransactionCanceled, queryAll } from '../platform/dynamo';

// Custom places of multi-geocoding, one partition per data space (see
// infra/tables/geocoding.ts): "p#<docId>" places, "v" the space's change
// counter, "i#<key>" idempotency records of creates. The place itself is kept
// as one JSON string, exactly as the caller shaped it.

const PLACE = 'p#';
const IDEM = 'i#';
const VERSION = 'v';

type Doc = Omit<StoredPlace, 'rev' | 'idem'>;

function toItem(space: string, p: StoredPlace): Record<string, unknown> {
  const doc: Doc = {
    docId: p.docId,
    place: p.place,
    dataSource: p.dataSource,
    score: p.score,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
  return { pk: space, sk: PLACE + p.docId, rev: p.rev, doc: JSON.stringify(doc), ...(p.idem ? { idem: p.idem } : {}) };
}

function fromItem(item: Record<string, unknown>): StoredPlace {
  const doc = JSON.parse(item.doc as string) as Doc;
  return { ...doc, rev: item.rev as string, ...(typeof item.idem === 'string' ? { idem: item.idem } : {}) };
}

export class DynamoPlaceStore implements PlaceStore {
  private readonly table = config.table('places');

  /** The change-counter update every write carries; guarded when asked. */
  private bump(space: string, guard: WriteGuard) {
    const values: Record<string, unknown> = { ':one': 1, ':zero': 0 };
    let condition: string | undefined;
    if (guard.expectVersion !== undefined) {
      if (guard.expectVersion === 0) condition = 'attribute_not_exists(ver)';
      else {
        condition = 'ver = :seen';
        values[':seen'] = guard.expectVersion;
      }
    }
    return {
      Update: {
        TableName: this.table,
        Key: { pk: space, sk: VERSION },
        UpdateExpression: 'SET ver = if_not_exists(ver, :zero) + :one',
        ExpressionAttributeValues: values,
        ...(condition ? { ConditionExpression: condition } : {}),
      },
    };
  }

  async version(space: string): Promise<number> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: space, sk: VERSION }, ConsistentRead: true, ProjectionExpression: 'ver' }),
    );
    return typeof out.Item?.ver === 'number' ? out.Item.ver : 0;
  }

  async list(space: string): Promise<StoredPlace[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :space AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':space': space, ':p': PLACE },
      ConsistentRead: true,
    });
    return items.map((item) => fromItem(item));
  }

  async get(space: string, docId: string): Promise<StoredPlace | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: space, sk: PLACE + docId }, ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async findIdempotent(space: string, key: string, nowSeconds: number): Promise<string | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: space, sk: IDEM + key }, ConsistentRead: true }),
    );
    const item = out.Item;
    // DynamoDB deletes expired items only eventually: the expiry is checked here.
    if (!item || typeof item.docId !== 'string' || (item.expires_at as number) <= nowSeconds) return undefined;
    return item.docId;
  }

  async create(
    space: string,
    place: StoredPlace,
    guard: WriteGuard & { idemExpiresAt: number; nowSeconds: number },
  ): Promise<CreateOutcome> {
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      { Put: { TableName: this.table, Item: toItem(space, place), ConditionExpression: 'attribute_not_exists(sk)' } },
      this.bump(space, guard),
    ];
    if (place.idem) {
      items.push({
        Put: {
          TableName: this.table,
          Item: { pk: space, sk: IDEM + place.idem, docId: place.docId, expires_at: guard.idemExpiresAt },
          ConditionExpression: 'attribute_not_exists(sk) OR expires_at <= :now',
          ExpressionAttributeValues: { ':now': guard.nowSeconds },
        },
      });
    }
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const failed = failedConditions(error);
      if (failed.has(2) && place.idem) {
        const docId = await this.findIdempotent(space, place.idem, guard.nowSeconds);
        if (docId) return { ok: false, reason: 'idempotent', docId };
        return { ok: false, reason: 'version' }; // the record vanished meanwhile: try again
      }
      if (failed.has(1)) return { ok: false, reason: 'version' };
      throw error;
    }
  }

  async replace(space: string, next: StoredPlace, expectedRev: string, guard: WriteGuard): Promise<ReplaceOutcome> {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: toItem(space, next),
                ConditionExpression: 'rev = :rev',
                ExpressionAttributeValues: { ':rev': expectedRev },
              },
            },
            this.bump(space, guard),
          ],
        }),
      );
      return 'ok';
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const failed = failedConditions(error);
      if (failed.has(0)) return (await this.get(space, next.docId)) ? 'changed' : 'gone';
      if (failed.has(1)) return 'version';
      throw error;
    }
  }

  async delete(space: string, current: StoredPlace): Promise<'ok' | 'changed' | 'gone'> {
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      {
        Delete: {
          TableName: this.table,
          Key: { pk: space, sk: PLACE + current.docId },
          ConditionExpression: 'rev = :rev',
          ExpressionAttributeValues: { ':rev': current.rev },
        },
      },
      this.bump(space, {}),
    ];
    // A create repeated after the delete makes a new place, not the deleted one's docId.
    if (current.idem) items.push({ Delete: { TableName: this.table, Key: { pk: space, sk: IDEM + current.idem } } });
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      if (failedConditions(error).has(0)) return (await this.get(space, current.docId)) ? 'changed' : 'gone';
      throw error;
    }
  }
}
