import { queueName, tableName, tables } from './declarations';
import type { Json } from './alarms';
import { JOB_QUEUES, WEBHOOK_SOURCES } from './slo-alarms';
import { WEBHOOK_FAILURE_CLASSES } from '../shared/webhooks/delivery';
import { FAMILIES } from '../shared/platform/metrics/families';

// The operator's one page (CloudWatch dashboard waymark-<stage>): the same signals as the SLO
// alarms, per operation family and queue, plus the job and upload figures behind them.

type Metric = (string | Json)[];

function widget(title: string, metrics: Metric[], y: number, x: number, stat = 'Sum', extra: Json = {}): Json {
  return {
    type: 'metric',
    x,
    y,
    width: 12,
    height: 6,
    properties: { title, metrics, stat, period: 300, region: '${AWS::Region}', view: 'timeSeries', ...extra },
  };
}

export function dashboard(stage: string): Json {
  const ns = `Waymark/${stage}`;
  const families = Object.keys(FAMILIES);
  const perFamily = (metric: string) => families.map((f) => [ns, metric, 'Family', f]);
  const widgets = [
    widget('p99 latency by family (ms)', perFamily('Latency'), 0, 0, 'p99'),
    widget('Requests by family', perFamily('Requests'), 0, 12),
    widget(
      '5xx rate by family (%)',
      [
        ...families.flatMap((f, i) => [
          [ns, 'Errors5xx', 'Family', f, { id: `e${i}`, visible: false }],
          [ns, 'Requests', 'Family', f, { id: `r${i}`, visible: false }],
        ]),
        ...families.map((f, i) => [{ expression: `IF(r${i} > 0, 100 * e${i} / r${i}, 0)`, label: f, id: `p${i}` }]),
      ],
      6,
      0,
    ),
    widget(
      'Oldest queued job (s)',
      JOB_QUEUES.map((q) => ['AWS/SQS', 'ApproximateAgeOfOldestMessage', 'QueueName', queueName(stage, q)]),
      6,
      12,
      'Maximum',
    ),
    widget(
      'Job queue wait and solve time, p99',
      [
        [ns, 'QueueWait', 'Feature', 'optimization', { label: 'optimization queue wait (s)' }],
        [ns, 'SolveTime', 'Feature', 'optimization', { label: 'optimization solve (ms)' }],
        [ns, 'SolveTime', 'Feature', 'matrix', { label: 'matrix run (ms)' }],
        [ns, 'SolveTime', 'Feature', 'batch', { label: 'batch run (ms)' }],
      ],
      12,
      0,
      'p99',
    ),
    widget(
      'Tasks and unassigned (optimization)',
      [
        [ns, 'Tasks', 'Feature', 'optimization'],
        [ns, 'Unassigned', 'Feature', 'optimization'],
      ],
      12,
      12,
    ),
    widget(
      'Uploads: points accepted, events emitted',
      [
        [ns, 'PointsAccepted', 'Feature', 'tracking'],
        [ns, 'EventsEmitted', 'Feature', 'monitors'],
      ],
      18,
      0,
    ),
    widget(
      'Webhook attempts by outcome',
      ['delivered', 'retrying', 'given_up'].map((o) => [ns, 'Attempts', 'Outcome', o]),
      18,
      12,
    ),
    widget(
      'Webhook deliveries given up (%)',
      [
        ...WEBHOOK_SOURCES.flatMap((source, i) => [
          [ns, 'Failed', 'Source', source, { id: `f${i}`, visible: false }],
          [ns, 'Delivered', 'Source', source, { id: `d${i}`, visible: false }],
        ]),
        ...WEBHOOK_SOURCES.map((source, i) => [
          { expression: `IF(f${i} + d${i} > 0, 100 * f${i} / (f${i} + d${i}), 0)`, label: source, id: `w${i}` },
        ]),
      ],
      30,
      0,
    ),
    widget(
      'Failed webhook attempts by class',
      WEBHOOK_FAILURE_CLASSES.map((c) => [ns, 'Attempts', 'FailureClass', c]),
      30,
      12,
    ),
    widget(
      'Throttles',
      [
        ['AWS/Lambda', 'Throttles', { label: 'Lambda (account)' }],
        ...tables.map((t) => ['AWS/DynamoDB', 'WriteThrottleEvents', 'TableName', tableName(stage, t.id)]),
      ],
      24,
      0,
    ),
  ];
  return {
    WaymarkDashboard: {
      Type: 'AWS::CloudWatch::Dashboard',
      Properties: {
        DashboardName: `waymark-${stage}`,
        // Fn::Sub fills in the region; the body holds no other ${...}.
        DashboardBody: { 'Fn::Sub': JSON.stringify({ widgets }) },
      },
    },
  };
}
