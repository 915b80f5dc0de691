import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { batchWriteAll, conditionalWrite, documentClient, queryAll } from '../platform/dynamo';
import { CONNECTION_MAX_SECONDS, type ConnectionOwner, type Subscriber, type Subscription, type Topic } from './model';
import type { LiveStore, OpenOutcome, StoredConnection, SubscribeOutcome } from './store';

// The live table (infra/tables/live.ts):
//   "c#<connectionId>"          the connection: its space, key and subscriptions. The one key
//                               without the space first: later socket messages carry only the
//                               connection id, and this item is how its space is found.
//   "<space>#k#<keyHash>"       the key's open connections (id -> expiry), pruned of expired ones
//                               when the key looks full, so a lost $disconnect never locks a key out.
//   "<space>#a#<assetId>", "<space>#m#<monitorId>"
//                               a topic: one item per subscriber (sk "<connectionId>#<kind>#<target>").
// Every item expires (TTL) after the longest life API Gateway gives a connection.

const OPEN_ATTEMPTS = 5;

interface StoredSub {
  kind: Subscription['kind'];
  target: string;
  client_id: string | null;
  topic_kind: Topic['kind'];
  topic_id: string;
}

const connKey = (id: string) => ({ pk: `c#${id}`, sk: 'c' });
const keyKey = (o: ConnectionOwner) => ({ pk: `${o.space}#k#${o.keyHash}`, sk: 'k' });
const topicPk = (space: string, t: Topic) => `${space}#${t.kind === 'asset' ? 'a' : 'm'}#${t.id}`;
const subName = (kind: string, target: string) => `${kind}:${target}`;
const subSk = (connectionId: string, kind: string, target: string) => `${connectionId}#${kind}#${target}`;

export class DynamoLiveStore implements LiveStore {
  private readonly table = config.table('live');

  async open(connectionId: string, owner: ConnectionOwner, maxPerKey: number, nowMs: number): Promise<OpenOutcome> {
    const now = Math.floor(nowMs / 1000);
    const expires = now + CONNECTION_MAX_SECONDS + 60;
    // One conditional update per connect, so many clients of one key connecting at once never
    // conflict; only a key that looks full is read, to prune connections that expired unclosed.
    for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
      const added = await conditionalWrite(
        new UpdateCommand({
          TableName: this.table,
          Key: keyKey(owner),
          UpdateExpression: 'SET conns.#c = :exp, expires = :exp',
          ConditionExpression: 'size(conns) < :max',
          ExpressionAttributeNames: { '#c': connectionId },
          ExpressionAttributeValues: { ':exp': expires, ':max': maxPerKey },
        }),
      );
      if (added) {
        await documentClient().send(
          new PutCommand({
            TableName: this.table,
            Item: { ...connKey(connectionId), space: owner.space, key_hash: owner.keyHash, subs: {}, expires },
          }),
        );
        return 'ok';
      }
      const { Item } = await documentClient().send(new GetCommand({ TableName: this.table, Key: keyKey(owner), ConsistentRead: true }));
      if (!Item) {
        await conditionalWrite(
          new PutCommand({
            TableName: this.table,
            Item: { ...keyKey(owner), conns: {}, expires },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        continue;
      }
      const conns = Object.entries((Item.conns ?? {}) as Record<string, number>);
      if (conns.length < maxPerKey) continue; // created or closed meanwhile
      const expired = conns.filter(([, exp]) => exp <= now);
      if (!expired.length) return 'key-full';
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: keyKey(owner),
          UpdateExpression: `REMOVE ${expired.map((_, i) => `conns.#x${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(expired.map(([id], i) => [`#x${i}`, id])),
        }),
      );
    }
    throw new Error(`the connection count of a key kept changing concurrently (${OPEN_ATTEMPTS} attempts)`);
  }

  async get(connectionId: string): Promise<StoredConnection | null> {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: connKey(connectionId), ConsistentRead: true }),
    );
    if (!Item) return null;
    const subs = Object.values((Item.subs ?? {}) as Record<string, StoredSub>);
    return {
      connectionId,
      space: Item.space as string,
      keyHash: Item.key_hash as string,
      subscriptions: subs.map((s) => ({ kind: s.kind, target: s.target, clientId: s.client_id })),
    };
  }

  async close(connectionId: string): Promise<void> {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: connKey(connectionId), ConsistentRead: true }),
    );
    if (!Item) return;
    const owner: ConnectionOwner = { space: Item.space as string, keyHash: Item.key_hash as string };
    const subs = Object.values((Item.subs ?? {}) as Record<string, StoredSub>);
    await batchWriteAll(
      this.table,
      subs.map((s) => ({
        DeleteRequest: {
          Key: { pk: topicPk(owner.space, { kind: s.topic_kind, id: s.topic_id }), sk: subSk(connectionId, s.kind, s.target) },
        },
      })),
    );
    await conditionalWrite(
      new UpdateCommand({
        TableName: this.table,
        Key: keyKey(owner),
        UpdateExpression: 'REMOVE conns.#c',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#c': connectionId },
      }),
    );
    await documentClient().send(new DeleteCommand({ TableName: this.table, Key: connKey(connectionId) }));
  }

  async subscribe(connectionId: string, owner: ConnectionOwner, sub: Subscription, topic: Topic, max: number): Promise<SubscribeOutcome> {
    const stored: StoredSub = { kind: sub.kind, target: sub.target, client_id: sub.clientId, topic_kind: topic.kind, topic_id: topic.id };
    const added = await conditionalWrite(
      new UpdateCommand({
        TableName: this.table,
        Key: connKey(connectionId),
        UpdateExpression: 'SET subs.#s = :sub',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(subs.#s) AND size(subs) < :max',
        ExpressionAttributeNames: { '#s': subName(sub.kind, sub.target) },
        ExpressionAttributeValues: { ':sub': stored, ':max': max },
      }),
    );
    if (!added) {
      const now = await this.get(connectionId);
      if (!now) return 'gone';
      return now.subscriptions.some((s) => s.kind === sub.kind && s.target === sub.target) ? 'exists' : 'full';
    }
    await documentClient().send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: topicPk(owner.space, topic),
          sk: subSk(connectionId, sub.kind, sub.target),
          conn: connectionId,
          kind: sub.kind,
          target: sub.target,
          client_id: sub.clientId,
          // Outlives the connection whatever its age: the connection's own item bounds it anyway.
          expires: Math.floor(Date.now() / 1000) + CONNECTION_MAX_SECONDS + 60,
        },
      }),
    );
    return 'ok';
  }

  async unsubscribe(connectionId: string, owner: ConnectionOwner, kind: Subscription['kind'], target: string): Promise<boolean> {
    const { Attributes } = await documentClient()
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: connKey(connectionId),
          UpdateExpression: 'REMOVE subs.#s',
          ConditionExpression: 'attribute_exists(subs.#s)',
          ExpressionAttributeNames: { '#s': subName(kind, target) },
          ReturnValues: 'ALL_OLD',
        }),
      )
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return { Attributes: undefined };
        throw error;
      });
    const old = (Attributes?.subs as Record<string, StoredSub> | undefined)?.[subName(kind, target)];
    if (!old) return false;
    await documentClient().send(
      new DeleteCommand({
        TableName: this.table,
        Key: { pk: topicPk(owner.space, { kind: old.topic_kind, id: old.topic_id }), sk: subSk(connectionId, kind, target) },
      }),
    );
    return true;
  }

  async subscribers(space: string, topic: Topic): Promise<Subscriber[]> {
    const items = await queryAll({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': topicPk(space, topic) },
    });
    return items.map((i) => ({
      connectionId: i.conn as string,
      kind: i.kind as Subscription['kind'],
      target: i.target as string,
      clientId: (i.client_id as string | null | undefined) ?? null,
    }));
  }

  async dropSubscriber(space: string, topic: Topic, s: Subscriber): Promise<void> {
    await documentClient().send(
      new DeleteCommand({ TableName: this.table, Key: { pk: topicPk(space, topic), sk: subSk(s.connectionId, s.kind, s.target) } }),
    );
  }
}
