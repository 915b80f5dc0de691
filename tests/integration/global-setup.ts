import type { TestProject } from 'vitest/node';
import { startDynamo, startSqs } from '../../infra/local/emulators';
import { provisionQueues, provisionTables } from '../../infra/local/provision';

// Integration tests run against the real emulators of the local stack, each
// run on free ports with an in-memory database, so they never touch a
// developer's running stack or its data.

export const TEST_STAGE = 'test';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    sqsEndpoint: string;
    queueUrls: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dynamo = await startDynamo({ dataDir: null });
  const sqs = await startSqs({});
  await provisionTables(dynamo.endpoint, TEST_STAGE);
  const queueUrls = await provisionQueues(sqs.endpoint, TEST_STAGE);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('sqsEndpoint', sqs.endpoint);
  project.provide('queueUrls', queueUrls);
  return async () => {
    await sqs.stop();
    await dynamo.stop();
  };
}
