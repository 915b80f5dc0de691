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

  async nextSubId(org: string): Promise<number> {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: orgPk(org) },
        UpdateExpression: 'ADD next_sub_id :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.next_sub_id);
  }

  async revokeAt(hash: string, activeUntil: number): Promise<boolean> {
    return this.update(hash, 'SET active_until = :v', activeUntil);
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
