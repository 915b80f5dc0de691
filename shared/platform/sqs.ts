import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config';

// One SQS client per process (and per endpoint, so tests can point it at their emulator).
let client: SQSClient | undefined;
let clientEndpoint: string | undefined;

export function sqsClient(): SQSClient {
  const endpoint = config.sqsEndpoint();
  if (!client || clientEndpoint !== endpoint) {
    client = new SQSClient({
      endpoint,
      region: process.env.AWS_REGION ?? 'us-east-1',
      maxAttempts: 4,
      ...(endpoint ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    clientEndpoint = endpoint;
  }
  return client;
}
