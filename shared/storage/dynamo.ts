import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

// One document client per process: the SDK pools connections, and Lambda keeps
// the process warm between invocations.
let client: DynamoDBDocumentClient | undefined;
let clientEndpoint: string | undefined;

export function documentClient(): DynamoDBDocumentClient {
  const endpoint = config.dynamoEndpoint();
  if (!client || clientEndpoint !== endpoint) {
    const base = new DynamoDBClient({
      endpoint,
      region: process.env.AWS_REGION ?? 'us-east-1',
      maxAttempts: 4,
      ...(endpoint ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
    clientEndpoint = endpoint;
  }
  return client;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

export function isTransactionCanceled(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'TransactionCanceledException';
}
