import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { assertItemFits } from '../platform/limits';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { changeDigest, revisionsDigest, type RevisionChange } from './digest';
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
// reader picks one at random: each key takes 1/COUNTER_COPIES of the reads. The
// copies also hold a digest of the monitors' (id, revision) pairs at their
// version (digest.ts), which lets evaluators read the list itself eventually
// consistent and know it complete (listAllAt).

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const monPk = (space: string) => `${space}#mon`;
const cfgPk = (space: string) => `${space}#cfg`;
const VERSION_SK = 'version';
/** 20,000 uploads/s read 1,250 RCU/s per copy, well under a key's 3,000. */
export const COUNTER_COPIES = 16;
/** Monitor writes of one space take turns on the counter; enough attempts for a burst of them. */
const COUNTER_ATTEMPTS = 25;
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

  /** Counter copies moving from `from` to the next version (copy 0 checks `from`), stamped with `digest`. */
  private bump(space: string, from: number | undefined, digest: string): TransactItem[] {
    return Array.from({ length: COUNTER_COPIES }, (_, copy) => {
      const check = copy === 0 ? (from === undefined ? 'attribute_not_exists(ver)' : 'ver = :from') : undefined;
      return {
        Update: {
          TableName: this.table,
          Key: { pk: counterPk(space, copy), sk: VERSION_SK },
          UpdateExpression: 'SET ver = :next, dig = :dig',
          ...(check ? { ConditionExpression: check } : {}),
          ExpressionAttributeValues: {
            ':next': (from ?? 0) + 1,
            ':dig': digest,
            ...(check && from !== undefined ? { ':from': from } : {}),
          },
        },
      };
    });
  }

  /**
   * Writes `item` and bumps the counter atomically; false when the item's own condition failed.
   * `change` is what the write does to the monitors' (id, revision) pairs: the counter's digest
   * follows it, checked unchanged since it was read (a concurrent write makes this one read again).
   */
  private async withBump(space: string, item: TransactItem, change: RevisionChange = {}): Promise<boolean> {
    return retry(
      async () => {
        const counter = await this.counter(space, 0);
        const before = counter?.digest ?? revisionsDigest((await this.listAll(space)).map((m) => ({ id: m.record.id, rev: m.rev })));
        const digest = changeDigest(before, change);
        try {
          await documentClient().send(new TransactWriteCommand({ TransactItems: [item, ...this.bump(space, counter?.version, digest)] }));
          return true;
        } catch (error) {
          if (!isTransactionCanceled(error)) throw error;
          if (failedConditions(error).has(0)) return false;
          throw new WriteConflict('another monitor write moved the counter');
        }
      },
      { retryable: isWriteConflict, attempts: COUNTER_ATTEMPTS },
    );
  }

  private async counter(space: string, copy: number): Promise<{ version: number; digest?: string } | undefined> {
    const out = await documentClient().send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: counterPk(space, copy), sk: VERSION_SK },
        ConsistentRead: true,
        ProjectionExpression: 'ver, dig',
      }),
    );
    if (typeof out.Item?.ver !== 'number') return undefined;
    return { version: out.Item.ver, digest: out.Item.dig as string | undefined };
  }

  async version(space: string): Promise<number> {
    return (await this.counter(space, Math.floor(Math.random() * COUNTER_COPIES)))?.version ?? 0;
  }

  /**
   * Every instance reads the whole list when the counter moves (and when it starts), so the list
   * is read eventually consistent, at half the units on the monitors' key, and kept only when its
   * (id, revision) pairs give the digest the counter holds at `version`: then it is exactly that
   * version's list. Otherwise (a newer write, a replica behind) it is read strongly consistent.
   */
  async listAllAt(space: string, version: number): Promise<StoredMonitor[]> {
    const [counter, list] = await Promise.all([this.counter(space, Math.floor(Math.random() * COUNTER_COPIES)), this.list(space, false)]);
    const digest = revisionsDigest(list.map((m) => ({ id: m.record.id, rev: m.rev })));
    return counter?.version === version && counter.digest === digest ? list : this.listAll(space);
  }

  async get(space: string, id: string): Promise<StoredMonitor | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: monPk(space), sk: id }, ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  }

  listAll(space: string): Promise<StoredMonitor[]> {
    return this.list(space, true);
  }

  private async list(space: string, consistent: boolean): Promise<StoredMonitor[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': monPk(space) },
      ConsistentRead: consistent,
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
    const added = { after: { id: monitor.record.id, rev: monitor.rev } };
    if (!(await this.withBump(space, put, added))) throw new DuplicateMonitorError(monitor.record.id);
  }

  async replace(space: string, next: StoredMonitor, expectedRev: string, nowMs = Date.now()): Promise<boolean> {
    const id = next.record.id;
    return this.withBump(
      space,
      {
        Put: {
          TableName: this.table,
          Item: toItem(space, next),
          ConditionExpression: 'rev = :rev AND (attribute_not_exists(pend_until) OR pend_until < :now)',
          ExpressionAttributeValues: { ':rev': expectedRev, ':now': nowMs },
        },
      },
      { before: { id, rev: expectedRev }, after: { id, rev: next.rev } },
    );
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
      { before: { id, rev }, ...(previous ? { after: { id, rev: previous.rev } } : {}) },
    );
  }

  async delete(space: string, id: string): Promise<boolean> {
    // The revision deleted is named, for the counter's digest: a concurrent change makes it read again.
    return retry(
      async () => {
        const current = await this.get(space, id);
        if (!current) return false;
        const own = { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': current.rev } };
        const deleted = await this.withBump(
          space,
          { Delete: { TableName: this.table, Key: { pk: monPk(space), sk: id }, ...own } },
          { before: { id, rev: current.rev } },
        );
        if (!deleted) throw new WriteConflict();
        return true;
      },
      { retryable: isWriteConflict },
    );
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
