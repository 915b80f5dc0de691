import { deadLetterQueues, queueName, queues } from './declarations';
import { functionLogicalId, queueLogicalId } from './logical-ids';

// What tells an operator that something needs a look: a message waiting in a
// dead-letter queue (its deliveries ran out), or a background function failing
// (an SQS consumer crashing or timing out, the solver above all). HTTP
// functions answer their caller instead. Each alarm notifies the SNS topic given
// at deploy time, if any (docs/operations/deploy-to-aws.md).

export type Json = Record<string, unknown>;

export interface AlarmSettings {
  /** SNS topic the alarms notify when they fire and when they clear. */
  alarmTopicArn?: string;
}

/** Functions run on a schedule (functions/<service>/functions.yml). */
const scheduledFunctions = ['optimizationSweep', 'trackingSweep'];

/** Functions outside the HTTP API: every queue's consumer and the scheduled ones. */
export function backgroundFunctions(): string[] {
  return [...queues.flatMap((q) => (q.consumer ? [q.consumer.function] : [])), ...scheduledFunctions];
}

export function pascal(name: string): string {
  return `${name[0].toUpperCase()}${name.slice(1)}`;
}

/** An alarm on one metric (five-minute periods, firing above zero unless `props` says otherwise). */
export function alarm(settings: AlarmSettings, props: Json): Json {
  const actions = settings.alarmTopicArn ? { AlarmActions: [settings.alarmTopicArn], OKActions: [settings.alarmTopicArn] } : {};
  return {
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      EvaluationPeriods: 1,
      Period: 300,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
      ...props,
      ...actions,
    },
  };
}

export function alarms(stage: string, settings: AlarmSettings): Json {
  const out: Json = {};
  for (const q of deadLetterQueues(queues)) {
    out[`${queueLogicalId(q.id)}DepthAlarm`] = alarm(settings, {
      AlarmName: `${queueName(stage, q.id)}-not-empty`,
      AlarmDescription: `Messages wait in the dead-letter queue ${queueName(stage, q.id)}: their deliveries ran out. Look at them, fix the cause, then redrive or delete them.`,
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueLogicalId(q.id), 'QueueName'] } }],
      Statistic: 'Maximum',
    });
  }
  for (const name of backgroundFunctions()) {
    out[`${pascal(name)}ErrorsAlarm`] = alarm(settings, {
      AlarmName: `waymark-${stage}-${name}-errors`,
      AlarmDescription: `The function ${name} failed (an error, a crash or a timeout); its log group has the details.`,
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionLogicalId(name) } }],
      Statistic: 'Sum',
    });
  }
  return out;
}
