import { inject } from 'vitest';
import { queueEnvVar } from '../../../infra/declarations';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../infra/local/emulators';

// Runs in every integration worker before the test file: points the code
// under test at the emulators the global setup started.
Object.assign(process.env, {
  WAYMARK_STAGE: 'test',
  WAYMARK_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  WAYMARK_SQS_ENDPOINT: inject('sqsEndpoint'),
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  WAYMARK_LOG_LEVEL: process.env.WAYMARK_LOG_LEVEL ?? 'error',
  // The webhook tests' receivers listen on 127.0.0.1; tests/integration/security turns it off.
  WAYMARK_WEBHOOK_ALLOW_PRIVATE: '1',
});
for (const [id, url] of Object.entries(inject('queueUrls'))) process.env[queueEnvVar(id)] = url;
