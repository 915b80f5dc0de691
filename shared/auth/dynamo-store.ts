import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { KeyStore } from './key-store';
import type { KeyRecord } from './model';
import { config } from '../platform/config';
import { conflict } from '../platform/errors';
import { documentClient, isConditionalCheckFailed, queryAll } from '../platform/dynamo';

const keyPk = (hash: string) => `KEY#${hash}`;
const orgPk = (org: string) => `ORG#${org}`;

function toRecord(item: Record<string, unknown>): KeyRecord {
  const { pk: _pk, created_sk: _sk, ...rest } = item;
  return rest as unknown as KeyRecord;
}

export class DynamoKeyStore implements KeyStore {
  private readonly table = config.table('keys');

  async findByHash(hash: string): Promise<KeyRecord | undefined> {
    const out = await documentClient().send(new GetCommand({ TableName: this.table, Key: { pk: keyPk(hash) } }));
    return out.Item ? toRecord(out.Item) : undefined;
  }

  async create(record: KeyRecord): Promise<void> {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: keyPk(record.hash), created_sk: `${record.created_at}#${record.hash}`, ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw conflict('key: this key already exists');
      throw error;
    }
  }

  // The organisation item counts its live namespaced keys (key_count) beside the sequence
  // number; both move in one conditional update, so no two concurrent creations can both take
  // the last slot.
  async reserveNamespacedKey(org: string, limit: number): Promise<number | undefined> {
    for (;;) {
      try {
        const out = await documentClient().send(
          new UpdateCommand({
            TableName: this.table,
            Key: { pk: orgPk(org) },
            UpdateExpression: 'ADD next_sub_id :one, key_count :one',
            ConditionExpression: 'key_count < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return Number(out.Attributes?.next_sub_id);
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
      const counted = await documentClient().send(new GetCommand({ TableName: this.table, Key: { pk: orgPk(org) }, ConsistentRead: true }));
      if (counted.Item?.key_count !== undefined) return undefined;
      await this.startCount(org);
    }
  }

  /** An organisation whose keys were never counted (new, or older than counting) starts from its live keys. */
  private async startCount(org: string): Promise<void> {
    const live = (await this.listByOrg(org)).filter((r) => r.namespace !== null && r.active_until === undefined).length;
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: orgPk(org) },
          UpdateExpression: 'SET key_count = :n',
          ConditionExpression: 'attribute_not_exists(key_count)',
          ExpressionAttributeValues: { ':n': live },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error; // counted meanwhile by another call
    }
  }

  async releaseNamespacedKey(org: string): Promise<void> {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: orgPk(org) },
          UpdateExpression: 'ADD key_count :minus',
          ConditionExpression: 'key_count > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }

  async revokeAt(hash: string, activeUntil: number): Promise<boolean> {
    try {
      // ALL_OLD tells, atomically, whether this write is the key's first deletion.
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: keyPk(hash) },
          UpdateExpression: 'SET active_until = :v',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':v': activeUntil },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = out.Attributes;
      if (before && before.namespace !== null && before.active_until === undefined) await this.releaseNamespacedKey(before.org as string);
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async setStatus(hash: string, status: KeyRecord['status'], at: number): Promise<boolean> {
    if (status === 'active') return this.update(hash, 'SET #status = :v REMOVE disabled_at', status, { '#status': 'status' });
    return this.update(hash, 'SET #status = :v, disabled_at = :at', status, { '#status': 'status' }, { ':at': at });
  }

  async listByOrg(org: string): Promise<KeyRecord[]> {
    const items = await queryAll({
      TableName: this.table,
      IndexName: 'byOrg',
      KeyConditionExpression: 'org = :org',
      ExpressionAttributeValues: { ':org': org },
    });
    return items.map((item) => toRecord(item));
  }

  private async update(
    hash: string,
    expression: string,
    value: unknown,
    names?: Record<string, string>,
    values: Record<string, unknown> = {},
  ): Promise<boolean> {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: keyPk(hash) },
          UpdateExpression: expression,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':v': value, ...values },
          ExpressionAttributeNames: names,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}
