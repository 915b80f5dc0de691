// What the code measures, once, in one shape: a metric event is a group (what was measured), its
// dimensions (what it is about) and its values with their units. Both outputs derive from it:
// CloudWatch's embedded metric format on AWS (emf.ts) and the Prometheus text of the local
// GET /metrics (prometheus.ts). docs/operations/metrics.md lists every group, name and dimension.

export type MetricUnit = 'Count' | 'Milliseconds' | 'Seconds';

export type MetricGroup = 'http' | 'job' | 'upload' | 'webhook';

export interface MetricEvent {
  group: MetricGroup;
  dimensions: Record<string, string>;
  values: Record<string, { value: number; unit: MetricUnit }>;
}

/** The dimension sets CloudWatch aggregates each group by (every key must be among the event's dimensions). */
export const DIMENSION_SETS: Record<MetricGroup, string[][]> = {
  http: [['Family'], ['Operation']],
  job: [['Feature']],
  upload: [['Feature']],
  webhook: [['Source'], ['Outcome'], ['FailureClass']],
};

export const METRIC_NAMESPACE = 'Waymark';

export const count = (value: number) => ({ value, unit: 'Count' as const });
export const milliseconds = (value: number) => ({ value, unit: 'Milliseconds' as const });
export const seconds = (value: number) => ({ value, unit: 'Seconds' as const });
