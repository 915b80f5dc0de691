import { DIMENSION_SETS, METRIC_NAMESPACE, type MetricEvent } from './model';

// CloudWatch's embedded metric format: one JSON log line that CloudWatch Logs turns into metrics
// (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html),
// so a Lambda function publishes metrics without an API call on its request's path.

/** The structured log record of one event, stamped `timestampMs`. */
export function emfRecord(event: MetricEvent, timestampMs: number, stage: string): Record<string, unknown> {
  const values = Object.fromEntries(Object.entries(event.values).map(([name, v]) => [name, v.value]));
  return {
    _aws: {
      Timestamp: timestampMs,
      CloudWatchMetrics: [
        {
          Namespace: `${METRIC_NAMESPACE}/${stage}`,
          Dimensions: DIMENSION_SETS[event.group],
          Metrics: Object.entries(event.values).map(([name, v]) => ({ Name: name, Unit: v.unit })),
        },
      ],
    },
    ...event.dimensions,
    ...values,
  };
}
