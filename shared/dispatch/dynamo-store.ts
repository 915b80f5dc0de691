import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { assertItemFits } from '../platform/limits';
import {
  conditionalWrite,
  documentClient,
  failedConditions,
  isTransactionCanceled,
  queryPages,
  retryTransactionConflicts,
} from '../platform/dynamo';
import type { StoredRoute, StoredTemplate } from './model';
import type { DispatchStore, WriteOutcome } from './store';

// Dispatch, one partition per data space (see infra/tables/dispatch.ts): "tpl#<id>" a template,
// "tplcount" the space's template count, "rt#<id>" a route with its steps as one JSON document
// beside its version, "rs#<shortId>" the route a short id names.

const TEMPLATE = 'tpl#';
const COUNT = 'tplcount';
const ROUTE = 'rt#';
const SHORT = 'rs#';

type Versioned = { version: number };

function docItem(space: string, sk: string, record: Versioned, largest: string) {
  const { version, ...doc } = record;
  const item = { pk: space, sk, version, doc: JSON.stringify(doc) };
  assertItemFits(item, largest);
  return item;
}

const fromItem = <T>(item: Record<string, unknown>): T => ({ ...JSON.parse(item.doc as string), version: item.version }) as T;

/** The route's item; 413 naming `steps` (by far its largest part) when it does not fit. */
export const routeItem = (space: string, route: StoredRoute) => docItem(space, ROUTE + route.id, route, 'steps');
export const templateItem = (space: string, template: StoredTemplate) => docItem(space, TEMPLATE + template.id, template, 'content');

export class DynamoDispatchStore implements DispatchStore {
  private readonly table = config.table('dispatch');

  private async read(space: string, sk: string) {
    const out = await documentClient().send(new GetCommand({ TableName: this.table, Key: { pk: space, sk }, ConsistentRead: true }));
    return out.Item;
  }

  private async *pages<T>(space: string, prefix: string): AsyncIterable<T[]> {
    for await (const items of queryPages({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': space, ':p': prefix },
      ConsistentRead: true,
    }))
      yield items.map((i) => fromItem<T>(i));
  }

  private replace(item: Record<string, unknown>, expectedVersion: number): Promise<WriteOutcome> {
    return conditionalWrite(
      new PutCommand({
        TableName: this.table,
        Item: item,
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': expectedVersion },
      }),
    ).then((ok) => (ok ? 'ok' : 'conflict'));
  }

  async getTemplate(space: string, id: string): Promise<StoredTemplate | null> {
    const item = await this.read(space, TEMPLATE + id);
    return item ? fromItem<StoredTemplate>(item) : null;
  }

  async createTemplate(space: string, template: StoredTemplate, limit: number): Promise<'ok' | 'exists' | 'full'> {
    const item = templateItem(space, template);
    try {
      // a concurrent create in the same space touches the same counter: send again until one is decided
      await retryTransactionConflicts(() =>
        documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(sk)' } },
              {
                Update: {
                  TableName: this.table,
                  Key: { pk: space, sk: COUNT },
                  UpdateExpression: 'ADD n :one',
                  ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
                  ExpressionAttributeValues: { ':one': 1, ':limit': limit },
                },
              },
            ],
          }),
        ),
      );
      return 'ok';
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const failed = failedConditions(error);
      if (failed.has(0)) return 'exists';
      if (failed.has(1)) return 'full';
      throw error;
    }
  }

  replaceTemplate(space: string, next: StoredTemplate, expectedVersion: number): Promise<WriteOutcome> {
    return this.replace(templateItem(space, next), expectedVersion);
  }

  async deleteTemplate(space: string, template: StoredTemplate): Promise<WriteOutcome> {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: { pk: space, sk: TEMPLATE + template.id },
                ConditionExpression: 'version = :v',
                ExpressionAttributeValues: { ':v': template.version },
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: { pk: space, sk: COUNT },
                UpdateExpression: 'ADD n :minus',
                ExpressionAttributeValues: { ':minus': -1 },
              },
            },
          ],
        }),
      );
      return 'ok';
    } catch (error) {
      if (isTransactionCanceled(error)) return 'conflict';
      throw error;
    }
  }

  listTemplates(space: string): AsyncIterable<StoredTemplate[]> {
    return this.pages<StoredTemplate>(space, TEMPLATE);
  }

  async getRoute(space: string, idOrShortId: string): Promise<StoredRoute | null> {
    const item = await this.read(space, ROUTE + idOrShortId);
    if (item) return fromItem<StoredRoute>(item);
    const short = await this.read(space, SHORT + idOrShortId);
    if (typeof short?.route_id !== 'string') return null;
    const named = await this.read(space, ROUTE + short.route_id);
    return named ? fromItem<StoredRoute>(named) : null;
  }

  async createRoute(space: string, route: StoredRoute): Promise<'ok' | 'exists'> {
    const absent = { ConditionExpression: 'attribute_not_exists(sk)' };
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table, Item: routeItem(space, route), ...absent } },
            { Put: { TableName: this.table, Item: { pk: space, sk: SHORT + route.short_id, route_id: route.id }, ...absent } },
          ],
        }),
      );
      return 'ok';
    } catch (error) {
      if (isTransactionCanceled(error) && failedConditions(error).size > 0) return 'exists';
      throw error;
    }
  }

  replaceRoute(space: string, next: StoredRoute, expectedVersion: number): Promise<WriteOutcome> {
    return this.replace(routeItem(space, next), expectedVersion);
  }

  listRoutes(space: string): AsyncIterable<StoredRoute[]> {
    return this.pages<StoredRoute>(space, ROUTE);
  }
}
