import {
  deadLetterQueueName,
  queueEnvVar,
  queueName,
  queues,
  tableEnvVar,
  tableName,
  tables,
  type KeyAttribute,
  type TableDeclaration,
} from './declarations';

// Turns infra/declarations.ts into the CloudFormation fragments serverless.yml
// pulls in through infra/serverless-resources.cjs.

type Json = Record<string, unknown>;

function logicalId(id: string, suffix: string): string {
  const camel = id.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());
  return `${camel}${suffix}`;
}

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
      Projection: { ProjectionType: 'ALL' },
    }));
  }
  return props;
}

export function resources(stage: string): Json {
  const Resources: Json = {};
  const Outputs: Json = {};
  for (const table of tables) {
    const props = tableProperties(stage, table);
    if (table.ttlAttribute) {
      props.TimeToLiveSpecification = { AttributeName: table.ttlAttribute, Enabled: true };
    }
    props.PointInTimeRecoverySpecification = { PointInTimeRecoveryEnabled: true };
    Resources[logicalId(table.id, 'Table')] = { Type: 'AWS::DynamoDB::Table', Properties: props };
  }
  for (const queue of queues) {
    const dlqId = logicalId(queue.id, 'DeadLetterQueue');
    Resources[dlqId] = {
      Type: 'AWS::SQS::Queue',
      Properties: { QueueName: deadLetterQueueName(stage, queue.id), MessageRetentionPeriod: 1209600 },
    };
    Resources[logicalId(queue.id, 'Queue')] = {
      Type: 'AWS::SQS::Queue',
      Properties: {
        QueueName: queueName(stage, queue.id),
        VisibilityTimeout: queue.visibilityTimeout,
        MessageRetentionPeriod: queue.retentionPeriod,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: queue.maxReceiveCount,
        },
      },
    };
    Outputs[logicalId(queue.id, 'QueueUrl')] = { Value: { Ref: logicalId(queue.id, 'Queue') } };
  }
  return { Resources, Outputs };
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
    'WAYMARK_NETWORK_DIR',
    'WAYMARK_PLACES_MAX_STALE_MS',
    'WAYMARK_MONITOR_CACHE_MS',
    'WAYMARK_KEY_CACHE_MS',
  ]) {
    if (shell[name]) env[name] = shell[name];
  }
  for (const table of tables) env[tableEnvVar(table.id)] = tableName(stage, table.id);
  const sqs = shell.WAYMARK_SQS_ENDPOINT;
  for (const queue of queues) {
    env[queueEnvVar(queue.id)] = sqs
      ? `${sqs.replace(/\/$/, '')}/${LOCAL_SQS_ACCOUNT}/${queueName(stage, queue.id)}`
      : { Ref: logicalId(queue.id, 'Queue') };
  }
  return env;
}

/**
 * Least privilege: only the item-level DynamoDB actions the adapters use, on
 * the declared tables and their indexes, and only send/receive on the queues.
 */
export function iamStatements(): Json[] {
  const tableArns = tables.flatMap((table) => {
    const arn = { 'Fn::GetAtt': [logicalId(table.id, 'Table'), 'Arn'] };
    return [arn, { 'Fn::Join': ['/', [arn, 'index', '*']] }];
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
  if (queues.length) {
    statements.push({
      Effect: 'Allow',
      Action: ['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility'],
      Resource: queues.flatMap((q) => [
        { 'Fn::GetAtt': [logicalId(q.id, 'Queue'), 'Arn'] },
        { 'Fn::GetAtt': [logicalId(q.id, 'DeadLetterQueue'), 'Arn'] },
      ]),
    });
  }
  return statements;
}
