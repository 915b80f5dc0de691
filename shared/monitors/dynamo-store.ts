import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { assertItemFits } from '../platform/limits';
import type { StoredMonitor } from './model';
import { DuplicateMonitorError, type EventConfigStore, type MonitorStore, type WebhookConfig } from './store';
import { conditionalWrite, documentClient, failedConditions, isTransactionCanceled, queryAll } from '../platform/dynamo';

// Monitors and the event-webhook configuration (table "monitors", see
// infra/tables/monitors.ts). A monitor is one item: pk "<space>#mon", sk its
// id, the record as JSON and a revision that updates are conditional on.
// Every write of a monitor or of the webhook config also bumps the space's
// change counter in the same transaction, so an evaluator on any instance that
// reads the counter before each upload never evaluates with monitors older than
// the last completed write. Every upload reads the counter (strongly
// consistent), so it is kept in COUNTER_COPIES items under their own partition
// keys ("<space>#cfg#<n>" / "version"), all bumped by the one transaction, and a
// reader picks one at random: each key takes 1/COUNTER_COPIES of the reads.

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const monPk = (space: string) => `${space}#mon`;
const cfgPk = (space: string) => `${space}#cfg`;
const VERSION_SK = 'version';
/** 20,000 uploads/s read 1,250 RCU/s per copy, well under a key's 3,000. */
export const COUNTER_COPIES = 16;
const counterPk = (space: string, copy: number) => `${space}#cfg#${copy}`;

/** The stored item of a monitor, refused (413) before any write when DynamoDB could not hold it. */
function toItem(space: string, monitor: StoredMonitor): Record<string, unknown> {
  const item = {
    pk: monPk(space),
    sk: monitor.record.id,
    rev: monitor.rev,
    rec: JSON.stringify(monitor.record),
    ...(monitor.pending ? { pend_ids: monitor.pending.ids, pend_until: monitor.pending.until } : {}),
  };
  assertItemFits(item, 'monitor');
  return item;
}

function fromItem(item: Record<string, unknown>): StoredMonitor {
  const m: StoredMonitor = { record: JSON.parse(item.rec as string) as StoredMonitor['record'], rev: item.rev as string };
  if (typeof item.pend_until === 'number') m.pending = { ids: (item.pend_ids as string[]) ?? [], until: item.pend_until };
  return m;
}

export class DynamoMonitorStore implements MonitorStore, EventConfigStore {
  private readonly table = config.table('monitors');

  private bump(space: string): TransactItem[] {
    return Array.from({ length: COUNTER_COPIES }, (_, copy) => ({
      Update: {
        TableName: this.table,
        Key: { pk: counterPk(space, copy), sk: VERSION_SK },
        UpdateExpression: 'SET ver = if_not_exists(ver, :zero) + :one',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      },
    }));
  }

  /** Writes `item` and bumps the counter atomically; false when the item's own condition failed. */
  private async withBump(space: string, item: TransactItem): Promise<boolean> {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [item, ...this.bump(space)] }));
      return true;
    } catch (error) {
      if (isTransactionCanceled(error) && failedConditions(error).has(0)) return false;
      throw error;
    }
  }

  async version(space: string): Promise<number> {
    const out = await documentClient().send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: counterPk(space, Math.floor(Math.random() * COUNTER_COPIES)), sk: VERSION_SK },
        ConsistentRead: true,
        ProjectionExpression: 'ver',
      }),
    );
    return typeof out.Item?.ver === 'number' ? out.Item.ver : 0;
  }

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
    const put: TransactItem = {
      Put: {
        TableName: this.table,
        Item: toItem(space, monitor),
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    };
    if (!(await this.withBump(space, put))) throw new DuplicateMonitorError(monitor.record.id);
  }

  async replace(space: string, next: StoredMonitor, expectedRev: string, nowMs = Date.now()): Promise<boolean> {
    return this.withBump(space, {
      Put: {
        TableName: this.table,
        Item: toItem(space, next),
        ConditionExpression: 'rev = :rev AND (attribute_not_exists(pend_until) OR pend_until < :now)',
        ExpressionAttributeValues: { ':rev': expectedRev, ':now': nowMs },
      },
    });
  }

  async settle(space: string, id: string, rev: string): Promise<void> {
    // The record is unchanged: no bump. Condition failed: the revision was reverted or deleted.
    await conditionalWrite(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: monPk(space), sk: id },
        UpdateExpression: 'REMOVE pend_ids, pend_until',
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': rev },
      }),
    );
  }

  async revert(space: string, id: string, rev: string, previous: StoredMonitor | undefined): Promise<boolean> {
    const own = { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': rev } };
    return this.withBump(
      space,
      previous
        ? { Put: { TableName: this.table, Item: toItem(space, previous), ...own } }
        : { Delete: { TableName: this.table, Key: { pk: monPk(space), sk: id }, ...own } },
    );
  }

  async delete(space: string, id: string): Promise<boolean> {
    return this.withBump(space, {
      Delete: { TableName: this.table, Key: { pk: monPk(space), sk: id }, ConditionExpression: 'attribute_exists(sk)' },
    });
  }

  async getWebhooks(space: string): Promise<WebhookConfig | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: cfgPk(space), sk: 'webhooks' }, ConsistentRead: true }),
    );
    if (!out.Item) return undefined;
    return { urls: (out.Item.urls as string[]) ?? [], keyHash: out.Item.key_hash as string, updated_at: out.Item.updated_at as number };
  }

  async putWebhooks(space: string, cfg: WebhookConfig): Promise<void> {
    await this.withBump(space, {
      Put: {
        TableName: this.table,
        Item: { pk: cfgPk(space), sk: 'webhooks', urls: cfg.urls, key_hash: cfg.keyHash, updated_at: cfg.updated_at },
      },
    });
  }
}
