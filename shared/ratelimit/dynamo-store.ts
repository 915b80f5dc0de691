import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterStore } from './limiter';
import { config } from '../platform/config';
import { documentClient, isConditionalCheckFailed } from '../platform/dynamo';

export class DynamoCounterStore implements CounterStore {
  private readonly table = config.table('ratelimits');

  async tryIncrement(counter: string, limit: number, expiresAt: number): Promise<boolean> {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: counter },
          UpdateExpression: 'ADD #count :one SET expires_at = :exp',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': expiresAt },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async decrement(counter: string): Promise<void> {
    await documentClient().send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: counter },
        UpdateExpression: 'ADD #count :minus',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1 },
      }),
    );
  }
}
