import { resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readStackFile } from '../../local/stack-file';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/emulators';
import { tableName, tables } from '../../declarations';
import { CliError } from '../waymark-api';
import { EXCLUDED_TABLES } from './scope';

// Where export reads and import writes: the storage of a stage, not its HTTP API (jobs' results,
// history and places are stored in forms no endpoint lists whole). The running local stack by
// default; `--stage <name>` a deployed stage, with the AWS credentials and region of the
// environment (AWS_PROFILE, AWS_REGION, ...); `--dynamodb-endpoint URL` any DynamoDB-compatible
// endpoint (another local stack's).

export interface Storage {
  client: DynamoDBClient;
  stage: string;
  /** The declared table ids that hold a space's data. */
  tableIds: string[];
  table: (id: string) => string;
}

export function storageOf(flags: { stage?: string; 'dynamodb-endpoint'?: string }): Storage {
  const tableIds = tables.map((t) => t.id).filter((id) => !EXCLUDED_TABLES.has(id));
  const local = () => {
    const stack = readStackFile(resolve(process.env.WAYMARK_DATA_DIR ?? '.data'));
    if (!stack)
      throw new CliError('no stage to talk to: start one with `npm start`, or give --stage (and AWS credentials) or --dynamodb-endpoint');
    return stack.dynamodb;
  };
  const endpoint = flags['dynamodb-endpoint'] ?? (flags.stage ? undefined : local());
  const stage = flags.stage ?? 'local';
  const client = endpoint
    ? new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 8 })
    : new DynamoDBClient({ maxAttempts: 8 });
  return { client, stage, tableIds, table: (id) => tableName(stage, id) };
}
