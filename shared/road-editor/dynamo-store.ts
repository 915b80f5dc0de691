import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { documentClient, failedConditions, isTransactionCanceled, queryAll } from '../platform/dynamo';
import type { Restriction } from './model';
import type { CreateOutcome, NewRestriction, RestrictionStore } from './store';

// The road editor's restrictions, one partition per data space (infra/tables/road-editor.ts):
// "r#<id, 15 digits>" a restriction as one JSON document, "c" the space's counters: `ver` (bumped
// by every write), `next` (the last id handed out) and `live` (restrictions not deleted).

const RESTRICTION = 'r#';
const COUNTERS = 'c';

const sortKey = (id: number) => RESTRICTION + String(id).padStart(15, '0');
const toItem = (space: string, r: Restriction) => ({ pk: space, sk: sortKey(r.id), rev: r.rev, doc: JSON.stringify(r) });
const fromItem = (item: Record<string, unknown>): Restriction => JSON.parse(item.doc as string) as Restriction;

export class DynamoRestrictionStore implements RestrictionStore {
  private readonly table = config.table('restrictions');

  private counters(space: string, live: number, max?: number) {
    const values: Record<string, unknown> = { ':one': 1, ':zero': 0, ':live': live };
    if (max !== undefined) values[':max'] = max;
    return {
      Update: {
        TableName: this.table,
        Key: { pk: space, sk: COUNTERS },
        UpdateExpression: 'SET ver = if_not_exists(ver, :zero) + :one, live = if_not_exists(live, :zero) + :live',
        ExpressionAttributeValues: values,
        ...(max !== undefined ? { ConditionExpression: 'attribute_not_exists(live) OR live < :max' } : {}),
      },
    };
  }

  async version(space: string): Promise<number> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: space, sk: COUNTERS }, ConsistentRead: true, ProjectionExpression: 'ver' }),
    );
    return typeof out.Item?.ver === 'number' ? out.Item.ver : 0;
  }

  async list(space: string): Promise<Restriction[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :space AND begins_with(sk, :r)',
      ExpressionAttributeValues: { ':space': space, ':r': RESTRICTION },
      ConsistentRead: true,
    });
    return items.map(fromItem);
  }

  async get(space: string, id: number): Promise<Restriction | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: space, sk: sortKey(id) }, ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async create(space: string, r: NewRestriction, max: number): Promise<CreateOutcome> {
    // An id handed out to a create that then fails is never reused: ids only grow.
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: space, sk: COUNTERS },
        UpdateExpression: 'SET #next = if_not_exists(#next, :zero) + :one',
        ExpressionAttributeNames: { '#next': 'next' },
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const restriction: Restriction = { ...r, id: out.Attributes!.next as number, rev: 1 };
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table, Item: toItem(space, restriction), ConditionExpression: 'attribute_not_exists(sk)' } },
            this.counters(space, r.state === 'deleted' ? 0 : 1, max),
          ],
        }),
      );
      return { ok: true, restriction };
    } catch (error) {
      if (isTransactionCanceled(error) && failedConditions(error).has(1)) return { ok: false, reason: 'full' };
      throw error;
    }
  }

  async replace(space: string, next: Restriction): Promise<'ok' | 'changed' | 'gone'> {
    const before = await this.get(space, next.id);
    if (!before) return 'gone';
    if (before.rev !== next.rev - 1) return 'changed';
    const live = (next.state === 'deleted' ? 0 : 1) - (before.state === 'deleted' ? 0 : 1);
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: toItem(space, next),
                ConditionExpression: 'rev = :rev',
                ExpressionAttributeValues: { ':rev': before.rev },
              },
            },
            this.counters(space, live),
          ],
        }),
      );
      return 'ok';
    } catch (error) {
      if (isTransactionCanceled(error) && failedConditions(error).has(0)) return (await this.get(space, next.id)) ? 'changed' : 'gone';
      throw error;
    }
  }
}
