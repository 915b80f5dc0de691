import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import type { StoredMonitor } from './model';
import { DuplicateMonitorError, type EventConfigStore, type MonitorStore, type WebhookConfig } from './store';
import { documentClient, isConditionalCheckFailed, queryAll } from '../platform/dynamo';

// Monitors and the event-webhook configuration (table "monitors", see
// infra/tables/monitors.ts). A monitor is one item: pk "<space>#mon", sk its
// id, the record as JSON and a revision that updates are conditional on.

const monPk = (space: string) => `${space}#mon`;
const cfgPk = (space: string) => `${space}#cfg`;

const fromItem = (item: Record<string, unknown>): StoredMonitor => ({
  record: JSON.parse(item.rec as string) as StoredMonitor['record'],
  rev: item.rev as string,
});

export class DynamoMonitorStore implements MonitorStore, EventConfigStore {
  private readonly table = config.table('monitors');

  async get(space: string, id: string): Promise<StoredMonitor | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: monPk(space), sk: id }, ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async listAll(space: string): Promise<StoredMonitor[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': monPk(space) },
      ConsistentRead: true,
    });
    return items.map((item) => fromItem(item));
  }

  async create(space: string, monitor: StoredMonitor): Promise<void> {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: monPk(space), sk: monitor.record.id, rev: monitor.rev, rec: JSON.stringify(monitor.record) },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new DuplicateMonitorError(monitor.record.id);
      throw error;
    }
  }

  async replace(space: string, next: StoredMonitor, expectedRev: string): Promise<boolean> {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: monPk(space), sk: next.record.id, rev: next.rev, rec: JSON.stringify(next.record) },
          ConditionExpression: 'rev = :rev',
          ExpressionAttributeValues: { ':rev': expectedRev },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async delete(space: string, id: string): Promise<boolean> {
    try {
      await documentClient().send(
        new DeleteCommand({ TableName: this.table, Key: { pk: monPk(space), sk: id }, ConditionExpression: 'attribute_exists(sk)' }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async getWebhooks(space: string): Promise<WebhookConfig | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: cfgPk(space), sk: 'webhooks' }, ConsistentRead: true }),
    );
    if (!out.Item) return undefined;
    return { urls: (out.Item.urls as string[]) ?? [], keyHash: out.Item.key_hash as string, updated_at: out.Item.updated_at as number };
  }

  async putWebhooks(space: string, cfg: WebhookConfig): Promise<void> {
    await documentClient().send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: cfgPk(space), sk: 'webhooks', urls: cfg.urls, key_hash: cfg.keyHash, updated_at: cfg.updated_at },
      }),
    );
  }
}
