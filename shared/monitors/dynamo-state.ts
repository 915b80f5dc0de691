import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { pageFrom, type Page } from '../platform/paging';
import { dueAttributes, finishWork, getWork, postponeWork, putWork, workItemKey, workTable, type WorkKey } from '../platform/work';
import type { AssetState } from './engine';
import { eventId, type EventRecord } from './model';
import { eventsInOneTransaction, type EvaluationStore, type EventSender, type StoredEvaluation, type WebhookTarget } from './store';
import {
  batchWriteAll,
  conditionalWrite,
  deletePartition,
  documentClient,
  isConditionalCheckFailed,
  isTransactionCanceled,
  queryAll,
  queryPages,
} from '../platform/dynamo';

// Evaluation state, event history and the outbox (table "monitors"; design in shared/monitors/README.md#storage-table-monitors-infratablesmonitorsts).
//
// State: pk "<space>#st#<asset key>", sk "state": the state machines as JSON and a version every
// commit is conditional on, so two uploads of one asset never both commit from the same state.
// Events: pk "<space>#ev#<asset key>", sk the deterministic event id (triggered time first).
// Outbox: pk "<space>#ob#<asset key>", sk "<attempt>#<event id>": one item per event still to be
// copied to the history ("copy") and/or sent to its webhooks ("wh").
//
// A commit that fits one transaction writes the state, its events and their outbox entries
// (attempt "tx") together. A larger one stages its entries first under a fresh attempt id and then
// commits the state with that id added to the state's set "att": an entry counts only once its
// attempt is in "att", and entries of attempts that never got there are dropped after
// STAGE_ABANDONED_MS. Whenever the outbox may hold entries, a relay work item
// (shared/platform/work.ts) exists, so the sweeper finds an outbox whose relay was cut short.

/** DynamoDB allows 4 MB per transaction; the estimate below stays well clear of it. */
const MAX_TX_BYTES = 3_000_000;
/** Attempt id of outbox entries written in the commit's own transaction (committed by construction). */
const IN_TRANSACTION = 'tx';
/** A staged attempt not committed after this long never will be (an upload runs for at most 30 s). */
export const STAGE_ABANDONED_MS = 5 * 60_000;
/** The upload that committed relays at once; the sweeper takes over an outbox left this long. */
export const RELAY_GRACE_MS = 60_000;

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Item = Record<string, unknown>;

const statePk = (space: string, key: string) => `${space}#st#${key}`;
const eventPk = (space: string, key: string) => `${space}#ev#${key}`;
const outboxPk = (space: string, key: string) => `${space}#ob#${key}`;
const relayWork = (space: string, key: string): WorkKey => ({ kind: 'relay', space, key });

const eventItem = (space: string, key: string, e: EventRecord) => ({
  pk: eventPk(space, key),
  sk: eventId(e),
  mon: e.monitor_id,
  rec: JSON.stringify(e),
});

function outboxItem(
  space: string,
  key: string,
  attempt: string,
  e: EventRecord,
  copy: boolean,
  webhook: WebhookTarget | undefined,
  now: number,
) {
  return {
    pk: outboxPk(space, key),
    sk: `${attempt}#${eventId(e)}`,
    att: attempt,
    rec: JSON.stringify(e),
    copy,
    ...(webhook ? { wh: JSON.stringify(webhook) } : {}),
    staged_at: now,
  };
}

/**
 * The writes that commit `events` of one asset inside a caller's transaction: each event, and with
 * webhooks its outbox entry (committed by construction) and the relay item the sweeper finds.
 */
export function committedEventWrites(
  space: string,
  key: string,
  events: readonly EventRecord[],
  webhook: WebhookTarget | undefined,
  now: number,
): TransactItem[] {
  const table = config.table('monitors');
  const out: TransactItem[] = events.map((e) => ({ Put: { TableName: table, Item: eventItem(space, key, e) } }));
  if (!webhook?.urls.length || !events.length) return out;
  for (const e of events) out.push({ Put: { TableName: table, Item: outboxItem(space, key, IN_TRANSACTION, e, false, webhook, now) } });
  const w = relayWork(space, key);
  out.push({ Put: { TableName: workTable(), Item: { ...workItemKey(w), seq: randomUUID(), ...dueAttributes(w, now + RELAY_GRACE_MS) } } });
  return out;
}

function isConflict(error: unknown): boolean {
  if (isConditionalCheckFailed(error)) return true;
  if (!isTransactionCanceled(error)) return false;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  // The version check failed, or another transaction was on the same items (a concurrent commit).
  return reasons[0]?.Code === 'ConditionalCheckFailed' || reasons.some((r) => r.Code === 'TransactionConflict');
}

export class DynamoMonitorStateStore implements EvaluationStore {
  private readonly table = config.table('monitors');

  constructor(private readonly clock: () => number = Date.now) {}

  async read(space: string, key: string): Promise<StoredEvaluation | undefined> {
    const item = await this.stateItem(space, key);
    if (!item) return undefined;
    return {
      version: item.version as number,
      state: JSON.parse(item.st as string) as AssetState,
      assetCreatedAt: (item.asset_created_at as number) ?? 0,
      // "outbox": events a commit of an earlier version kept inside the state item.
      outboxWaiting: (item.att instanceof Set && item.att.size > 0) || item.outbox !== undefined,
    };
  }

  async commit(
    space: string,
    key: string,
    expectedVersion: number | null,
    next: { state: AssetState; assetCreatedAt: number },
    events: readonly EventRecord[],
    webhook?: WebhookTarget,
  ): Promise<boolean> {
    const now = this.clock();
    const notify = webhook?.urls.length && events.length ? webhook : undefined;
    const stateJson = JSON.stringify(next.state);
    const eventBytes = events.reduce((n, e) => n + JSON.stringify(e).length + 300, 0);
    const bytes = stateJson.length + eventBytes * (notify ? 2 : 1);
    try {
      if (events.length <= eventsInOneTransaction(notify !== undefined) && bytes <= MAX_TX_BYTES) {
        const transact: TransactItem[] = [
          { Update: this.stateUpdate(space, key, expectedVersion, next.assetCreatedAt, stateJson) },
          ...committedEventWrites(space, key, events, notify, now),
        ];
        // Most uploads change the state alone: a plain conditional update costs half a transaction.
        if (transact.length === 1) await documentClient().send(new UpdateCommand(transact[0].Update!));
        else await documentClient().send(new TransactWriteCommand({ TransactItems: transact }));
        return true;
      }
      return await this.commitStaged(space, key, expectedVersion, next.assetCreatedAt, stateJson, events, notify, now);
    } catch (error) {
      if (isConflict(error)) return false;
      throw error;
    }
  }

  private stateUpdate(space: string, key: string, expectedVersion: number | null, createdAt: number, stateJson: string, attempt?: string) {
    return {
      TableName: this.table,
      Key: { pk: statePk(space, key), sk: 'state' },
      UpdateExpression: `SET version = :nv, st = :st, asset_created_at = :ca${attempt ? ' ADD att :att' : ''}`,
      ConditionExpression: expectedVersion === null ? 'attribute_not_exists(pk)' : 'version = :v',
      ExpressionAttributeValues: {
        ':nv': (expectedVersion ?? 0) + 1,
        ':st': stateJson,
        ':ca': createdAt,
        ...(expectedVersion === null ? {} : { ':v': expectedVersion }),
        ...(attempt ? { ':att': new Set([attempt]) } : {}),
      },
    };
  }

  /** Stages the events in the outbox, then commits the state naming the attempt. */
  private async commitStaged(
    space: string,
    key: string,
    expectedVersion: number | null,
    createdAt: number,
    stateJson: string,
    events: readonly EventRecord[],
    notify: WebhookTarget | undefined,
    now: number,
  ): Promise<boolean> {
    const attempt = randomUUID();
    // The relay item first: whatever happens next, the staged entries are found again.
    await putWork(relayWork(space, key), now + STAGE_ABANDONED_MS, { seq: randomUUID() });
    const staged = events.map((e) => outboxItem(space, key, attempt, e, true, notify, now));
    await batchWriteAll(
      this.table,
      staged.map((Item) => ({ PutRequest: { Item } })),
    );
    try {
      await documentClient().send(new UpdateCommand(this.stateUpdate(space, key, expectedVersion, createdAt, stateJson, attempt)));
      return true;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      // Lost to a concurrent commit: these entries will never count; drop them now rather than later.
      await batchWriteAll(
        this.table,
        staged.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })),
      ).catch(() => undefined);
      return false;
    }
  }

  async relay(space: string, key: string, send: EventSender): Promise<boolean> {
    const now = this.clock();
    const work = relayWork(space, key);
    const marker = await getWork(work);
    const state = await this.stateItem(space, key);
    if (state?.outbox !== undefined) await this.relayInlineOutbox(space, key, state);
    const committed = state?.att instanceof Set ? (state.att as Set<string>) : new Set<string>();
    const entries = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': outboxPk(space, key) },
      ConsistentRead: true,
    });
    const live = entries.filter((e) => e.att === IN_TRANSACTION || committed.has(e.att as string));
    // Into the history before anything is sent: a receiver may look the event up.
    await batchWriteAll(
      this.table,
      live.filter((e) => e.copy).map((e) => ({ PutRequest: { Item: eventItem(space, key, JSON.parse(e.rec as string) as EventRecord) } })),
    );
    const done: Item[] = [];
    const unsent = new Set<string>();
    for (let i = 0; i < live.length; i += 25) {
      await Promise.all(
        live.slice(i, i + 25).map(async (e) => {
          const target = e.wh ? (JSON.parse(e.wh as string) as WebhookTarget) : undefined;
          if (target && !(await send(space, key, JSON.parse(e.rec as string) as EventRecord, target))) unsent.add(e.att as string);
          else done.push(e);
        }),
      );
    }
    let waiting = 0;
    for (const e of entries) {
      if (live.includes(e)) continue;
      if (now - (e.staged_at as number) > STAGE_ABANDONED_MS) done.push(e);
      else waiting++;
    }
    await batchWriteAll(
      this.table,
      done.map((e) => ({ DeleteRequest: { Key: { pk: e.pk, sk: e.sk } } })),
    );
    const finished = [...committed].filter((a) => !unsent.has(a));
    if (finished.length) await this.forgetAttempts(space, key, finished);
    if (unsent.size === 0 && waiting === 0) {
      if (marker) await finishWork(work, 'seq', marker.seq);
    } else {
      await postponeWork(work, now + (unsent.size ? RELAY_GRACE_MS : STAGE_ABANDONED_MS));
    }
    return unsent.size === 0;
  }

  /** Copies events an earlier version kept inside the state item ("outbox") and clears them. */
  private async relayInlineOutbox(space: string, key: string, state: Item): Promise<void> {
    const events = JSON.parse(state.outbox as string) as EventRecord[];
    await batchWriteAll(
      this.table,
      events.map((e) => ({ PutRequest: { Item: eventItem(space, key, e) } })),
    );
    // Condition failed: a later commit replaced the state.
    await conditionalWrite(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: statePk(space, key), sk: 'state' },
        UpdateExpression: 'REMOVE outbox',
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': state.version },
      }),
    );
  }

  private async forgetAttempts(space: string, key: string, attempts: string[]): Promise<void> {
    await conditionalWrite(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: statePk(space, key), sk: 'state' },
        UpdateExpression: 'DELETE att :a',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':a': new Set(attempts) },
      }),
    );
  }

  async pageEvents(
    space: string,
    key: string,
    q: { from: number; to: number; monitorId?: string; pn: number; ps: number },
  ): Promise<{ list: EventRecord[]; page: Page }> {
    const pages = queryPages({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ...(q.monitorId ? { FilterExpression: 'mon = :mon' } : {}),
      ExpressionAttributeValues: {
        ':pk': eventPk(space, key),
        ':from': String(Math.max(0, q.from)).padStart(13, '0'),
        ':to': `${String(Math.min(q.to, 9_999_999_999_999)).padStart(13, '0')}#~`,
        ...(q.monitorId ? { ':mon': q.monitorId } : {}),
      },
      ConsistentRead: true,
      Limit: 250,
    });
    const { list, page } = await pageFrom(pages, q.pn, q.ps);
    return { list: list.map((item) => JSON.parse(item.rec as string) as EventRecord), page };
  }

  async purgeAsset(space: string, key: string, send: EventSender): Promise<void> {
    // Events that happened before the delete are still announced.
    if (!(await this.relay(space, key, send))) throw new Error(`event webhooks of a deleted asset could not be queued yet; purge retried`);
    await deletePartition(this.table, outboxPk(space, key), 'sk');
    await deletePartition(this.table, eventPk(space, key), 'sk');
    await documentClient().send(new DeleteCommand({ TableName: this.table, Key: { pk: statePk(space, key), sk: 'state' } }));
    await documentClient().send(new DeleteCommand({ TableName: workTable(), Key: workItemKey(relayWork(space, key)) }));
  }

  private async stateItem(space: string, key: string): Promise<Item | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: statePk(space, key), sk: 'state' }, ConsistentRead: true }),
    );
    return out.Item;
  }
}
