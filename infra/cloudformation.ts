import {
  queueEnvVar,
  queueName,
  queues,
  tableEnvVar,
  tableName,
  tables,
  visibilityTimeout,
  type KeyAttribute,
  type QueueDeclaration,
  type TableDeclaration,
} from './declarations';
import { alarms, type AlarmSettings } from './alarms';
import { dashboard } from './dashboard';
import { sloAlarms } from './slo-alarms';
import { queueLogicalId, queueUrlOutputId, tableLogicalId } from './logical-ids';
import { networkBucketEnvironment, networkBucketResources, networkBucketStatements } from './network-bucket';
import { networkDir } from './package/road-networks';

// Turns infra/declarations.ts into the CloudFormation fragments serverless.yml
// pulls in through infra/serverless-resources.cjs.

type Json = Record<string, unknown>;

function attributeDefinitions(table: TableDeclaration): Json[] {
  const all: KeyAttribute[] = [table.partitionKey];
  if (table.sortKey) all.push(table.sortKey);
  for (const index of table.indexes ?? []) {
    all.push(index.partitionKey);
    if (index.sortKey) all.push(index.sortKey);
  }
  const seen = new Map<string, KeyAttribute>();
  for (const a of all) seen.set(a.name, a);
  return [...seen.values()].map((a) => ({ AttributeName: a.name, AttributeType: a.type }));
}

function keySchema(partitionKey: KeyAttribute, sortKey?: KeyAttribute): Json[] {
  const schema: Json[] = [{ AttributeName: partitionKey.name, KeyType: 'HASH' }];
  if (sortKey) schema.push({ AttributeName: sortKey.name, KeyType: 'RANGE' });
  return schema;
}

/** CreateTable-shaped properties, shared by CloudFormation and the local launcher. */
export function tableProperties(stage: string, table: TableDeclaration): Json {
  const props: Json = {
    TableName: tableName(stage, table.id),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributeDefinitions(table),
    KeySchema: keySchema(table.partitionKey, table.sortKey),
  };
  if (table.indexes?.length) {
    props.GlobalSecondaryIndexes = table.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      Projection: { ProjectionType: index.projection ?? 'ALL' },
    }));
  }
  return props;
}

function queueProperties(stage: string, queue: QueueDeclaration): Json {
  const props: Json = { QueueName: queueName(stage, queue.id), MessageRetentionPeriod: queue.retentionPeriod };
  const visibility = visibilityTimeout(queue);
  if (visibility !== undefined) props.VisibilityTimeout = visibility;
  if (queue.deadLetter) {
    props.RedrivePolicy = {
      deadLetterTargetArn: { 'Fn::GetAtt': [queueLogicalId(queue.deadLetter.to), 'Arn'] },
      maxReceiveCount: queue.deadLetter.maxReceiveCount,
    };
  }
  return props;
}

export function resources(stage: string, settings: AlarmSettings = {}): Json {
  const Resources: Json = { ...alarms(stage, settings), ...sloAlarms(stage, settings), ...dashboard(stage) };
  const Outputs: Json = {};
  for (const table of tables) {
    const props = tableProperties(stage, table);
    if (table.ttlAttribute) {
      props.TimeToLiveSpecification = { AttributeName: table.ttlAttribute, Enabled: true };
    }
    props.PointInTimeRecoverySpecification = { PointInTimeRecoveryEnabled: true };
    Resources[tableLogicalId(table.id)] = { Type: 'AWS::DynamoDB::Table', Properties: props };
  }
  for (const queue of queues) {
    Resources[queueLogicalId(queue.id)] = { Type: 'AWS::SQS::Queue', Properties: queueProperties(stage, queue) };
    Outputs[queueUrlOutputId(queue.id)] = { Value: { Ref: queueLogicalId(queue.id) } };
  }
  const bucket = networkBucketResources();
  return { Resources: { ...Resources, ...bucket.Resources }, Outputs: { ...Outputs, ...bucket.Outputs } };
}

/** Account id the local SQS emulator puts in its queue URLs. */
export const LOCAL_SQS_ACCOUNT = '000000000000';

/**
 * Environment every function gets: runtime settings taken from the deploying
 * shell (with defaults), and the physical names of the tables and queues.
 * With a local SQS endpoint the queue URLs are spelled out, since nothing
 * resolves CloudFormation references offline.
 */
export function environment(stage: string, shell: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  const env: Record<string, unknown> = {
    WAYMARK_STAGE: stage,
    WAYMARK_KEY_DELAY_SECONDS: shell.WAYMARK_KEY_DELAY_SECONDS ?? '900',
    WAYMARK_LOG_LEVEL: shell.WAYMARK_LOG_LEVEL ?? 'info',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_NODEJS_CONNECTION_REUSE_ENABLED: '1',
  };
  for (const name of [
    'WAYMARK_REGION',
    'WAYMARK_DYNAMODB_ENDPOINT',
    'WAYMARK_SQS_ENDPOINT',
    'WAYMARK_MAX_BODY_BYTES',
    'WAYMARK_MAX_DECODED_BODY_BYTES',
    'WAYMARK_MAX_FUTURE_SKEW_MS',
    'WAYMARK_PLACES_MAX_STALE_MS',
    'WAYMARK_MONITOR_CACHE_MS',
    'WAYMARK_KEY_CACHE_MS',
    'WAYMARK_WEBHOOK_ALLOW_PRIVATE',
    'WAYMARK_MAX_NAMESPACED_KEYS',
    'WAYMARK_UNKNOWN_KEYS_PER_MINUTE',
    'WAYMARK_LIVE_MAX_SUBSCRIPTIONS',
    'WAYMARK_LIVE_MAX_CONNECTIONS_PER_KEY',
  ]) {
    if (shell[name]) env[name] = shell[name];
  }
  Object.assign(env, liveEndpoints(stage, shell));
  const networks = networkDir(shell);
  if (networks) env.WAYMARK_NETWORK_DIR = networks.dir;
  Object.assign(env, networkBucketEnvironment(shell));
  for (const table of tables) env[tableEnvVar(table.id)] = tableName(stage, table.id);
  const sqs = shell.WAYMARK_SQS_ENDPOINT;
  for (const queue of queues) {
    env[queueEnvVar(queue.id)] = sqs
      ? `${sqs.replace(/\/$/, '')}/${LOCAL_SQS_ACCOUNT}/${queueName(stage, queue.id)}`
      : { Ref: queueLogicalId(queue.id) };
  }
  return env;
}

/**
 * Where the live channel's fan-out posts (the management API of the web socket API serverless
 * makes from functions/live/functions.yml, or serverless-offline's on WAYMARK_WS_PORT) and the
 * URL clients connect to.
 */
function liveEndpoints(stage: string, shell: NodeJS.ProcessEnv): Record<string, unknown> {
  if (shell.WAYMARK_WS_PORT) {
    return {
      WAYMARK_LIVE_ENDPOINT: `http://127.0.0.1:${shell.WAYMARK_WS_PORT}`,
      WAYMARK_LIVE_URL: `ws://127.0.0.1:${shell.WAYMARK_WS_PORT}`,
    };
  }
  const host = ['.execute-api.', { Ref: 'AWS::Region' }, '.amazonaws.com/', stage];
  return {
    WAYMARK_LIVE_ENDPOINT: { 'Fn::Join': ['', ['https://', { Ref: WEBSOCKET_API }, ...host]] },
    WAYMARK_LIVE_URL: { 'Fn::Join': ['', ['wss://', { Ref: WEBSOCKET_API }, ...host]] },
  };
}

/** The logical id serverless gives the web socket API it creates for `websocket` events. */
const WEBSOCKET_API = 'WebsocketsApi';

/**
 * Least privilege: only the item-level DynamoDB actions the adapters use, on
 * the declared tables and their declared indexes (named, no wildcard), and only
 * send/receive on the declared queues.
 */
export function iamStatements(): Json[] {
  const tableArns = tables.flatMap((table) => {
    const arn = { 'Fn::GetAtt': [tableLogicalId(table.id), 'Arn'] };
    return [arn, ...(table.indexes ?? []).map((index) => ({ 'Fn::Join': ['/', [arn, 'index', index.name]] }))];
  });
  const statements: Json[] = [
    {
      Effect: 'Allow',
      Action: [
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:Query',
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
      ],
      Resource: tableArns,
    },
  ];
  statements.push({
    // The live channel's fan-out posts to (and closes) connections of its own web socket API only.
    Effect: 'Allow',
    Action: ['execute-api:ManageConnections'],
    Resource: [
      {
        'Fn::Join': [
          '',
          [
            'arn:aws:execute-api:',
            { Ref: 'AWS::Region' },
            ':',
            { Ref: 'AWS::AccountId' },
            ':',
            { Ref: WEBSOCKET_API },
            '/*/*/@connections/*',
          ],
        ],
      },
    ],
  });
  if (queues.length) {
    statements.push({
      Effect: 'Allow',
      Action: ['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility'],
      Resource: queues.map((q) => queueArn(q.id)),
    });
  }
  statements.push(...networkBucketStatements());
  return statements;
}

export function queueArn(id: string): Json {
  return { 'Fn::GetAtt': [queueLogicalId(id), 'Arn'] };
}
