import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { tableProperties } from '../cloudformation';
import { deadLetterQueueName, queueName, queues, tableName, tables } from '../declarations';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './emulators';

// Creates on the emulators exactly the tables (with TTL) and queues (with
// their dead-letter queues) that serverless.yml deploys. Safe to run again.

export async function provisionTables(endpoint: string, stage: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    for (const table of tables) {
      try {
        await client.send(new CreateTableCommand(tableProperties(stage, table) as unknown as CreateTableCommandInput));
      } catch (error) {
        if (!(error instanceof ResourceInUseException)) throw error;
      }
      if (!table.ttlAttribute) continue;
      const TableName = tableName(stage, table.id);
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName }));
      if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName,
            TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
          }),
        );
      }
    }
  } finally {
    client.destroy();
  }
}

/** Returns the URL of each queue by its declaration id. */
export async function provisionQueues(endpoint: string, stage: string): Promise<Record<string, string>> {
  const client = new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const urls: Record<string, string> = {};
  try {
    for (const queue of queues) {
      const dlq = await client.send(
        new CreateQueueCommand({ QueueName: deadLetterQueueName(stage, queue.id), Attributes: { MessageRetentionPeriod: '1209600' } }),
      );
      const dlqArn = await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
      const created = await client.send(
        new CreateQueueCommand({
          QueueName: queueName(stage, queue.id),
          Attributes: {
            VisibilityTimeout: String(queue.visibilityTimeout),
            MessageRetentionPeriod: String(queue.retentionPeriod),
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: dlqArn.Attributes?.QueueArn,
              maxReceiveCount: queue.maxReceiveCount,
            }),
          },
        }),
      );
      urls[queue.id] = created.QueueUrl!;
      urls[`${queue.id}-dlq`] = dlq.QueueUrl!;
    }
  } finally {
    client.destroy();
  }
  return urls;
}
