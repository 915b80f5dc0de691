import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { tableProperties } from '../cloudformation';
import { inCreationOrder, queueName, queues, tableName, tables, visibilityTimeout } from '../declarations';
import type { TableDeclaration } from '../model';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './emulators';

// Creates on the emulators exactly the tables (with TTL) and queues (with
// their redrive to a dead-letter queue) that serverless.yml deploys. Safe to run again.

export async function provisionTables(endpoint: string, stage: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    for (const table of tables) {
      try {
        await client.send(new CreateTableCommand(tableProperties(stage, table) as unknown as CreateTableCommandInput));
      } catch (error) {
        if (!(error instanceof ResourceInUseException)) throw error;
        await addMissingIndexes(client, stage, table);
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

/**
 * An existing table (a `.data/` from an older version) gets the indexes declared since,
 * one at a time as DynamoDB requires.
 */
async function addMissingIndexes(client: DynamoDBClient, stage: string, table: TableDeclaration): Promise<void> {
  const TableName = tableName(stage, table.id);
  const props = tableProperties(stage, table) as unknown as CreateTableCommandInput;
  const existing = new Set(
    ((await client.send(new DescribeTableCommand({ TableName }))).Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName),
  );
  for (const index of props.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: props.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    // DynamoDB Local may report the new index as CREATING for a long time; it is not waited
    // for beyond a few seconds, so a start is never held up by it.
    for (let waited = 0; waited < 5_000; waited += 200) {
      const described = await client.send(new DescribeTableCommand({ TableName }));
      if (described.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.IndexName)?.IndexStatus === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Returns the URL of each queue by its declaration id. */
export async function provisionQueues(endpoint: string, stage: string): Promise<Record<string, string>> {
  const client = new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const urls: Record<string, string> = {};
  const arns: Record<string, string> = {};
  try {
    for (const queue of inCreationOrder(queues)) {
      const Attributes: Record<string, string> = { MessageRetentionPeriod: String(queue.retentionPeriod) };
      const visibility = visibilityTimeout(queue);
      if (visibility !== undefined) Attributes.VisibilityTimeout = String(visibility);
      if (queue.deadLetter) {
        Attributes.RedrivePolicy = JSON.stringify({
          deadLetterTargetArn: arns[queue.deadLetter.to],
          maxReceiveCount: queue.deadLetter.maxReceiveCount,
        });
      }
      const created = await client.send(new CreateQueueCommand({ QueueName: queueName(stage, queue.id), Attributes }));
      const attributes = await client.send(new GetQueueAttributesCommand({ QueueUrl: created.QueueUrl, AttributeNames: ['QueueArn'] }));
      urls[queue.id] = created.QueueUrl!;
      arns[queue.id] = attributes.Attributes!.QueueArn!;
    }
  } finally {
    client.destroy();
  }
  return urls;
}
