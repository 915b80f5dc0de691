import { queues, tables } from './declarations';
import { pascal, type AlarmSettings, type Json } from './alarms';
import { queueLogicalId, tableLogicalId } from './logical-ids';
import { FAMILIES } from '../shared/platform/metrics/families';

// The service-level alarms: what a caller feels (slow answers, server errors per operation
// family), what a job waits (the oldest message on a job queue), what a webhook receiver misses
// (deliveries given up) and what throttling costs. What the operator does for each is in
// docs/operations/alarms.md. The metrics are the ones shared/platform/metrics writes
// (namespace Waymark/<stage>, docs/operations/metrics.md).

/** p99 latency above which a family's callers notice (ms). Synchronous requests; jobs are queued. */
export const P99_LATENCY_MS = 3000;
/** Percentage of 5xx answers that is an incident rather than noise. */
export const ERROR_RATE_PERCENT = 1;
/** Fewer requests in a period than this are too few to call a rate. */
const MIN_REQUESTS = 20;
/** A job message older than this (s) means its consumer is not keeping up or not running. */
export const OLDEST_JOB_AGE_SECONDS = 600;
/** Percentage of webhook deliveries given up (a receiver down for the whole backoff). */
export const WEBHOOK_FAILURE_PERCENT = 10;
/** Fewer finished deliveries in a period than this are too few to call a rate. */
const MIN_DELIVERIES = 10;
/** What emits webhooks (the Source dimension). */
export const WEBHOOK_SOURCES = ['optimization', 'monitors'];
/** Queues whose messages are jobs a caller waits for. */
export const JOB_QUEUES = ['optimization-jobs', 'matrix-jobs', 'batch-jobs'];
/** CloudWatch takes at most 10 metrics per alarm: the tables' read and write throttles, five tables an alarm. */
const TABLES_PER_ALARM = 5;

const ns = (stage: string) => `Waymark/${stage}`;

function actions(settings: AlarmSettings): Json {
  return settings.alarmTopicArn ? { AlarmActions: [settings.alarmTopicArn], OKActions: [settings.alarmTopicArn] } : {};
}

function stat(id: string, namespace: string, metric: string, dimensions: Json[], stat: string, period: number): Json {
  return {
    Id: id,
    MetricStat: { Metric: { Namespace: namespace, MetricName: metric, Dimensions: dimensions }, Period: period, Stat: stat },
    ReturnData: false,
  };
}

/** An alarm on a metric-math expression over `metrics` (evaluated as `label`). */
function mathAlarm(
  settings: AlarmSettings,
  name: string,
  description: string,
  metrics: Json[],
  expression: string,
  threshold: number,
  periods = 2,
): Json {
  return {
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      AlarmName: name,
      AlarmDescription: description,
      Metrics: [...metrics, { Id: 'value', Expression: expression, Label: name, ReturnData: true }],
      EvaluationPeriods: periods,
      DatapointsToAlarm: periods,
      Threshold: threshold,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
      ...actions(settings),
    },
  };
}

function familyAlarms(stage: string, settings: AlarmSettings, out: Json): void {
  for (const family of Object.keys(FAMILIES)) {
    const dims = [{ Name: 'Family', Value: family }];
    out[`${pascal(family)}P99LatencyAlarm`] = {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        AlarmName: `waymark-${stage}-${family}-p99-latency`,
        AlarmDescription: `p99 latency of the ${family} operations above ${P99_LATENCY_MS} ms for 15 minutes. See docs/operations/alarms.md#p99-latency.`,
        Namespace: ns(stage),
        MetricName: 'Latency',
        Dimensions: dims,
        ExtendedStatistic: 'p99',
        Period: 300,
        EvaluationPeriods: 3,
        DatapointsToAlarm: 3,
        Threshold: P99_LATENCY_MS,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
        ...actions(settings),
      },
    };
    out[`${pascal(family)}ErrorRateAlarm`] = mathAlarm(
      settings,
      `waymark-${stage}-${family}-5xx-rate`,
      `More than ${ERROR_RATE_PERCENT}% of the ${family} answers were 5xx for 10 minutes. See docs/operations/alarms.md#5xx-rate.`,
      [stat('errors', ns(stage), 'Errors5xx', dims, 'Sum', 300), stat('requests', ns(stage), 'Requests', dims, 'Sum', 300)],
      `IF(requests >= ${MIN_REQUESTS}, 100 * errors / requests, 0)`,
      ERROR_RATE_PERCENT,
    );
  }
}

function queueAlarms(stage: string, settings: AlarmSettings, out: Json): void {
  for (const id of JOB_QUEUES) {
    if (!queues.some((q) => q.id === id)) throw new Error(`slo alarms: queue ${id} is not declared`);
    out[`${queueLogicalId(id)}OldestJobAlarm`] = {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        AlarmName: `waymark-${stage}-${id}-oldest-job`,
        AlarmDescription: `A message on ${id} is older than ${OLDEST_JOB_AGE_SECONDS} s: jobs wait. See docs/operations/alarms.md#oldest-queued-job.`,
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateAgeOfOldestMessage',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueLogicalId(id), 'QueueName'] } }],
        Statistic: 'Maximum',
        Period: 300,
        EvaluationPeriods: 2,
        DatapointsToAlarm: 2,
        Threshold: OLDEST_JOB_AGE_SECONDS,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
        ...actions(settings),
      },
    };
  }
}

// The rate is of deliveries, not attempts: a delivery given up after five attempts is one
// failure in one delivery, and a receiver that recovers on the second attempt is no failure.
function webhookAlarms(stage: string, settings: AlarmSettings, out: Json): void {
  for (const source of WEBHOOK_SOURCES) {
    const dims = [{ Name: 'Source', Value: source }];
    out[`${pascal(source)}WebhookFailureAlarm`] = mathAlarm(
      settings,
      `waymark-${stage}-${source}-webhook-failures`,
      `More than ${WEBHOOK_FAILURE_PERCENT}% of the ${source} webhook deliveries were given up. See docs/operations/alarms.md#webhook-failures.`,
      [stat('failed', ns(stage), 'Failed', dims, 'Sum', 900), stat('delivered', ns(stage), 'Delivered', dims, 'Sum', 900)],
      `IF(failed + delivered >= ${MIN_DELIVERIES}, 100 * failed / (failed + delivered), 0)`,
      WEBHOOK_FAILURE_PERCENT,
      1,
    );
  }
}

function throttleAlarms(stage: string, settings: AlarmSettings, out: Json): void {
  out.LambdaThrottlesAlarm = {
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      AlarmName: `waymark-${stage}-lambda-throttles`,
      AlarmDescription: 'Lambda throttled invocations in this account and region. See docs/operations/alarms.md#throttles.',
      Namespace: 'AWS/Lambda',
      MetricName: 'Throttles',
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
      ...actions(settings),
    },
  };
  for (let i = 0; i < tables.length; i += TABLES_PER_ALARM) {
    const group = tables.slice(i, i + TABLES_PER_ALARM);
    const metrics = group.flatMap((t, j) =>
      ['ReadThrottleEvents', 'WriteThrottleEvents'].map((m, k) =>
        stat(`t${j}${k ? 'w' : 'r'}`, 'AWS/DynamoDB', m, [{ Name: 'TableName', Value: { Ref: tableLogicalId(t.id) } }], 'Sum', 300),
      ),
    );
    const n = i / TABLES_PER_ALARM + 1;
    out[`DynamoThrottles${n}Alarm`] = mathAlarm(
      settings,
      `waymark-${stage}-dynamodb-throttles-${n}`,
      `DynamoDB throttled reads or writes on ${group.map((t) => t.id).join(', ')}. See docs/operations/alarms.md#throttles.`,
      metrics,
      metrics.map((m) => m.Id).join(' + '),
      0,
      1,
    );
  }
}

export function sloAlarms(stage: string, settings: AlarmSettings): Json {
  const out: Json = {};
  familyAlarms(stage, settings, out);
  queueAlarms(stage, settings, out);
  webhookAlarms(stage, settings, out);
  throttleAlarms(stage, settings, out);
  return out;
}
