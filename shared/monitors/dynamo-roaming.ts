import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { deletePartition, documentClient, isTransactionCanceled, queryAll } from '../platform/dynamo';
import { committedEventWrites, type TransactItem } from './dynamo-state';
import { roamingEventRecord, type RoamingEvent, type RoamingPairStore } from './roaming';
import type { WebhookTarget } from './store';

// Pair state of roaming monitors (table "monitors"): one item per (asset, monitor, partner) the
// asset is near, on both sides: pk "<space>#rp#<asset key>", sk "<monitor id>" U+0000 "<partner key>",
// `sub`: the subjects of the enter (so the exit names the same ones). An asset's partners under
// every monitor are one Query. A flip writes both sides and the events (and their outbox entries
// when webhooks are set) in one transaction, conditional on the mover's side only: both sides
// always change together, so of two concurrent uploads of a pair exactly one commits.

/** Attempts when a transaction collides with another on an unrelated item (an event's relay item). */
const CONFLICT_ATTEMPTS = 5;

const pairPk = (space: string, key: string) => `${space}#rp#${key}`;
const pairSk = (monitorId: string, partner: string) => `${monitorId}\u0000${partner}`;

export class DynamoRoamingPairs implements RoamingPairStore {
  private readonly table = config.table('monitors');
  reads = 0;
  writes = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async partners(space: string, monitorIds: readonly string[], assetKey: string): Promise<Map<string, Map<string, string[]>>> {
    const wanted = new Set(monitorIds);
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pairPk(space, assetKey) },
      ConsistentRead: true,
    });
    this.reads++;
    const out = new Map<string, Map<string, string[]>>();
    for (const item of items) {
      const mon = item.mon as string;
      // Items of a deleted monitor are left as they are: never read as a partner again.
      if (!wanted.has(mon)) continue;
      if (!out.has(mon)) out.set(mon, new Map());
      out.get(mon)!.set(item.peer as string, item.sub as string[]);
    }
    return out;
  }

  async flip(
    space: string,
    monitorId: string,
    a: string,
    b: string,
    subjects: string[] | null,
    events: readonly RoamingEvent[],
    webhook?: WebhookTarget,
  ): Promise<boolean> {
    const side = (self: string, peer: string, condition?: string): TransactItem => {
      const Key = { pk: pairPk(space, self), sk: pairSk(monitorId, peer) };
      const cond = condition ? { ConditionExpression: condition } : {};
      return subjects
        ? { Put: { TableName: this.table, Item: { ...Key, mon: monitorId, peer, sub: subjects }, ...cond } }
        : { Delete: { TableName: this.table, Key, ...cond } };
    };
    const now = this.clock();
    const items: TransactItem[] = [side(a, b, subjects ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)'), side(b, a)];
    const byKey = new Map<string, ReturnType<typeof roamingEventRecord>['record'][]>();
    for (const e of events) {
      const { key, record } = roamingEventRecord(e);
      byKey.set(key, [...(byKey.get(key) ?? []), record]);
    }
    for (const [key, records] of byKey) items.push(...committedEventWrites(space, key, records, webhook, now));
    for (let attempt = 1; ; attempt++) {
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
        this.writes += items.length;
        return true;
      } catch (error) {
        if (!isTransactionCanceled(error)) throw error;
        const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
        if (attempt >= CONFLICT_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
      }
    }
  }

  /** Drops an asset incarnation's side of every pair (its purge); a partner's side goes at its next upload (an exit). */
  async purgeAsset(space: string, assetKey: string): Promise<void> {
    await deletePartition(this.table, pairPk(space, assetKey), 'sk');
  }
}
