import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { newWebhookSecret } from './sign';
import { documentClient, isConditionalCheckFailed } from '../platform/dynamo';
import { rotated, type WebhookSecretRecord, type WebhookSecretStore } from './store';

// The webhook signing secret of each API key (table "webhooks"). The partition key starts with
// the caller's space.

const secretPk = (space: string, keyHash: string) => `SECRET#${space}#${keyHash}`;
const SK = 'SECRET';

export class DynamoWebhookSecretStore implements WebhookSecretStore {
  private get table(): string {
    return config.table('webhooks');
  }

  async get(space: string, keyHash: string): Promise<WebhookSecretRecord | undefined> {
    const out = await documentClient().send(
      new GetCommand({ TableName: this.table, Key: { pk: secretPk(space, keyHash), sk: SK }, ConsistentRead: true }),
    );
    if (!out.Item) return undefined;
    const { pk: _pk, sk: _sk, ...record } = out.Item;
    return record as WebhookSecretRecord;
  }

  /** The key's secret, created on first use (concurrent first uses agree on one secret). */
  async getOrCreate(space: string, keyHash: string, now = Math.floor(Date.now() / 1000)): Promise<WebhookSecretRecord> {
    const existing = await this.get(space, keyHash);
    if (existing) return existing;
    const record = { secret: newWebhookSecret(), created_at: now };
    try {
      await documentClient().send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: secretPk(space, keyHash), sk: SK, ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return record;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return (await this.get(space, keyHash))!;
      throw error;
    }
  }

  /**
   * Replaces the key's secret, keeping the one it replaces as the previous secret. The write is
   * conditional on the secret read, so of two concurrent rotations neither loses the other's
   * secret: the later one retries on top of the earlier.
   */
  async rotate(space: string, keyHash: string, now = Math.floor(Date.now() / 1000)): Promise<WebhookSecretRecord> {
    for (;;) {
      const current = await this.get(space, keyHash);
      const record = rotated(current, newWebhookSecret(), now);
      try {
        await documentClient().send(
          new PutCommand({
            TableName: this.table,
            Item: { pk: secretPk(space, keyHash), sk: SK, ...record },
            ConditionExpression: current ? 'secret = :was' : 'attribute_not_exists(pk)',
            ExpressionAttributeValues: current ? { ':was': current.secret } : undefined,
          }),
        );
        return record;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    }
  }
}
