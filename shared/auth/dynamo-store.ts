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
      const taken = await this.updateOrg(org, 'ADD next_sub_id :one, key_count :one', 'key_count < :limit', { ':one': 1, ':limit': limit });
      if (taken) return Number(taken.next_sub_id);
      const counted = await documentClient().send(new GetCommand({ TableName: this.table, Key: { pk: orgPk(org) }, ConsistentRead: true }));
      const count = counted.Item?.key_count;
      if (count !== undefined) {
        if (Number(count) >= limit) return undefined;
        // The count was started by another call after this one's update failed: try again.
        continue;
      }
      // Never counted (a new organisation, or one older than counting): start from its live keys.
      // Another call may have started it meanwhile; either way the next round sees a count.
      const live = (await this.listByOrg(org)).filter((r) => r.namespace !== null && r.active_until === undefined).length;
      await this.updateOrg(org, 'SET key_count = :n', 'attribute_not_exists(key_count)', { ':n': live });
    }
  }

  async releaseNamespacedKey(org: string): Promise<void> {
    await this.updateOrg(org, 'ADD key_count :minus', 'key_count > :zero', { ':minus': -1, ':zero': 0 });
  }

  /** A conditional update of an organisation's item: the updated attributes, or null when the condition failed. */
  private async updateOrg(
    org: string,
    update: string,
    condition: string,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: orgPk(org) },
          UpdateExpression: update,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return out.Attributes ?? {};
    } catch (error) {
      if (isConditionalCheckFailed(error)) return null;
      throw error;
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
