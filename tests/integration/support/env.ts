import { inject } from 'vitest';
import { queueEnvVar } from '../../../infra/declarations';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../infra/local/emulators';
import { useQuickJit } from './jvm';

// Runs in every integration worker before the test file: points the code
// under test at the emulators the global setup started for this worker slot.

/** The emulators of the worker slot this file runs in (see global-setup.ts). */
function slotEmulators() {
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const all = inject('emulators');
  if (!all[slot - 1]) throw new Error(`no emulators for worker slot ${slot}: the global setup started ${all.length}`);
  return all[slot - 1];
}

const own = slotEmulators();
Object.assign(process.env, {
  WAYMARK_STAGE: 'test',
  WAYMARK_DYNAMODB_ENDPOINT: own.dynamoEndpoint,
  WAYMARK_SQS_ENDPOINT: own.sqsEndpoint,
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  WAYMARK_LOG_LEVEL: process.env.WAYMARK_LOG_LEVEL ?? 'error',
  // The webhook tests' receivers listen on 127.0.0.1; tests/integration/security turns it off.
  WAYMARK_WEBHOOK_ALLOW_PRIVATE: '1',
});
for (const [id, url] of Object.entries(own.queueUrls)) process.env[queueEnvVar(id)] = url;
// For the DynamoDB Local of each stack a stack test boots (see jvm.ts).
useQuickJit();
