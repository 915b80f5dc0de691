import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import type { AssetState } from './engine';
import { eventId, type EventRecord } from './model';
import type { EvaluationStore, StoredEvaluation } from './store';
import {
  batchWriteAll,
  deletePartition,
  documentClient,
  isConditionalCheckFailed,
  isTransactionCanceled,
  queryAll,
} from '../platform/dynamo';

// Evaluation state and event history (table "monitors").
//
// State: one item per asset, pk "<space>#st#<asset>", sk "state", holding the
// per-(monitor, fence) state machines as JSON and a version. Every commit is
// conditional on the version read, so two uploads of one asset can never both
// commit from the same state: the loser re-reads and evaluates only what is
// still new.
//
// Events: pk "<space>#ev#<asset>", sk the deterministic event id (13-digit
// triggered timestamp first). A commit writes the state and its events in one
// transaction (up to 99 events). A larger set is committed with the state as an
// outbox in the same conditional write, then copied to the history and cleared;
// whoever reads a state with an outbox copies it first (event writes are
// idempotent: same key, same event).

const MAX_TX_EVENTS = 99;

const statePk = (space: string, asset: string) => `${space}#st#${asset}`;
const eventPk = (space: string, asset: string) => `${space}#ev#${asset}`;

const eventItem = (space: string, asset: string, e: EventRecord) => ({
  pk: eventPk(space, asset),
  sk: eventId(e),
  mon: e.monitor_id,
  rec: JSON.stringify(e),
});

export class DynamoMonitorStateStore implements EvaluationStore {
  private readonly table = config.table('monitors');

  async read(space: string, assetId: string): Promise<StoredEvaluation | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: statePk(space, assetId), sk: 'state' }, ConsistentRead: true }),
    );
    if (!out.Item) return undefined;
    return {
      version: out.Item.version as number,
      state: JSON.parse(out.Item.st as string) as AssetState,
      assetCreatedAt: (out.Item.asset_created_at as number) ?? 0,
      outbox: out.Item.outbox ? (JSON.parse(out.Item.outbox as string) as EventRecord[]) : [],
    };
  }

  async commit(
    space: string,
    assetId: string,
    expectedVersion: number | null,
    next: { state: AssetState; assetCreatedAt: number },
    events: readonly EventRecord[],
  ): Promise<boolean> {
    const version = (expectedVersion ?? 0) + 1;
    const useOutbox = events.length > MAX_TX_EVENTS;
    const statePut = {
      TableName: this.table,
      Item: {
        pk: statePk(space, assetId),
        sk: 'state',
        version,
        asset_created_at: next.assetCreatedAt,
        st: JSON.stringify(next.state),
        ...(useOutbox ? { outbox: JSON.stringify(events) } : {}),
      },
      ConditionExpression: expectedVersion === null ? 'attribute_not_exists(pk)' : 'version = :v',
      ...(expectedVersion === null ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
    };
    try {
      if (events.length === 0 || useOutbox) {
        await documentClient().send(new PutCommand(statePut));
      } else {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: statePut },
              ...events.map((e) => ({ Put: { TableName: this.table, Item: eventItem(space, assetId, e) } })),
            ],
          }),
        );
      }
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      if (isTransactionCanceled(error)) {
        const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
        // Another transaction on the same items (a concurrent commit): the version check decides on retry.
        if (reasons.some((r) => r.Code === 'TransactionConflict')) return false;
      }
      throw error;
    }
    if (useOutbox) await this.flushOutbox(space, assetId, version, events);
    return true;
  }

  async flushOutbox(space: string, assetId: string, version: number, events: readonly EventRecord[]): Promise<void> {
    await batchWriteAll(
      this.table,
      events.map((e) => ({ PutRequest: { Item: eventItem(space, assetId, e) } })),
    );
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: statePk(space, assetId), sk: 'state' },
          UpdateExpression: 'REMOVE outbox',
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': version },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error; // a later commit already replaced the state
    }
  }

  async listEvents(space: string, assetId: string, from: number, to: number, monitorId?: string): Promise<EventRecord[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ...(monitorId ? { FilterExpression: 'mon = :mon' } : {}),
      ExpressionAttributeValues: {
        ':pk': eventPk(space, assetId),
        ':from': String(Math.max(0, from)).padStart(13, '0'),
        ':to': `${String(Math.min(to, 9_999_999_999_999)).padStart(13, '0')}#~`,
        ...(monitorId ? { ':mon': monitorId } : {}),
      },
    });
    return items.map((item) => JSON.parse(item.rec as string) as EventRecord);
  }

  /** Deletes the asset's evaluation state and event history (for asset deletion). */
  async purgeAsset(space: string, assetId: string): Promise<void> {
    await deletePartition(this.table, eventPk(space, assetId), 'sk');
    await documentClient().send(new DeleteCommand({ TableName: this.table, Key: { pk: statePk(space, assetId), sk: 'state' } }));
  }
}
