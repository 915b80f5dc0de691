import { describe, expect, it } from 'vitest';
import { dashboard } from '../../../infra/dashboard';
import { sloAlarms } from '../../../infra/slo-alarms';
import { FAMILIES } from '../../../shared/platform/metrics/families';
import { DIMENSION_SETS } from '../../../shared/platform/metrics/model';

type Props = Record<string, any>;
const alarms = Object.values(sloAlarms('prod', { alarmTopicArn: 'arn:topic' })).map((a) => (a as { Properties: Props }).Properties);

describe('the service-level alarms', () => {
  it('give every family a p99 latency and a 5xx rate alarm', () => {
    for (const family of Object.keys(FAMILIES)) {
      expect(alarms.find((a) => a.AlarmName === `waymark-prod-${family}-p99-latency`)?.ExtendedStatistic).toBe('p99');
      expect(alarms.find((a) => a.AlarmName === `waymark-prod-${family}-5xx-rate`)?.Metrics).toHaveLength(3);
    }
  });

  it('notify the topic, point at their section of alarms.md, and keep to 10 metrics and one returned expression', () => {
    for (const a of alarms) {
      expect(a.AlarmActions).toEqual(['arn:topic']);
      expect(a.AlarmDescription).toMatch(/docs\/operations\/alarms\.md#[a-z0-9-]+/);
      if (!a.Metrics) continue;
      expect(a.Metrics.length).toBeLessThanOrEqual(11);
      expect(a.Metrics.filter((m: Props) => m.ReturnData)).toHaveLength(1);
      expect(a.Period).toBeUndefined();
    }
  });

  it('read our metrics only by the dimensions they are published under', () => {
    const published = new Set(Object.values(DIMENSION_SETS).flatMap((sets) => sets.map((s) => s.join(','))));
    for (const a of alarms) {
      const metrics = a.Metrics ? a.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) => m.MetricStat.Metric) : [a];
      for (const m of metrics)
        if (m.Namespace === 'Waymark/prod') expect(published).toContain(m.Dimensions.map((d: Props) => d.Name).join(','));
    }
  });

  it('rate webhook failures per delivery (given up / finished), not per attempt', () => {
    for (const source of ['optimization', 'monitors']) {
      const a = alarms.find((x) => x.AlarmName === `waymark-prod-${source}-webhook-failures`)!;
      const names = a.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) => m.MetricStat.Metric.MetricName);
      expect(names.sort()).toEqual(['Delivered', 'Failed']);
      expect(a.Metrics.find((m: Props) => m.ReturnData).Expression).toMatch(/100 \* failed \/ \(failed \+ delivered\)/);
    }
  });

  it('the dashboard body is JSON once the region is filled in', () => {
    const body = (dashboard('prod').WaymarkDashboard as Props).Properties.DashboardBody['Fn::Sub'] as string;
    expect(body.match(/\$\{[^}]*\}/g)?.every((v) => v === '${AWS::Region}')).toBe(true);
    expect(JSON.parse(body.replaceAll('${AWS::Region}', 'eu-west-1')).widgets.length).toBeGreaterThan(5);
  });
});
