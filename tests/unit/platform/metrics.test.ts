import { afterEach, describe, expect, it, vi } from 'vitest';
import { measured, statusClass } from '../../../functions/lib/middleware/metrics';
import { emitMetrics, familyOf, FAMILIES, localRegistry } from '../../../shared/platform/metrics';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { emfRecord } from '../../../shared/platform/metrics/emf';
import { count, milliseconds, type MetricEvent } from '../../../shared/platform/metrics/model';
import { PrometheusRegistry } from '../../../shared/platform/metrics/prometheus';

const event: MetricEvent = {
  group: 'http',
  dimensions: { Family: 'geofence', Operation: 'geofence.create', StatusClass: '2xx' },
  values: { Requests: count(1), Latency: milliseconds(30) },
};

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.WAYMARK_METRICS;
});

describe('embedded metric format', () => {
  it('declares the namespace, dimension sets and units, with the values and dimensions at the top level', () => {
    expect(emfRecord(event, 1700000000000, 'prod')).toEqual({
      _aws: {
        Timestamp: 1700000000000,
        CloudWatchMetrics: [
          {
            Namespace: 'Waymark/prod',
            Dimensions: [['Family'], ['Operation']],
            Metrics: [
              { Name: 'Requests', Unit: 'Count' },
              { Name: 'Latency', Unit: 'Milliseconds' },
            ],
          },
        ],
      },
      Family: 'geofence',
      Operation: 'geofence.create',
      StatusClass: '2xx',
      Requests: 1,
      Latency: 30,
    });
  });

  it('every dimension a set names is one the event carries', async () => {
    const { DIMENSION_SETS } = await import('../../../shared/platform/metrics/model');
    const carried: Record<string, string[]> = {
      http: ['Family', 'Operation', 'StatusClass'],
      job: ['Feature'],
      upload: ['Feature'],
      webhook: ['Source', 'Outcome', 'FailureClass'],
    };
    for (const [group, sets] of Object.entries(DIMENSION_SETS)) for (const d of sets.flat()) expect(carried[group]).toContain(d);
  });
});

describe('Prometheus text', () => {
  it('renders counters and cumulative histograms in seconds, labels escaped', () => {
    const r = new PrometheusRegistry();
    r.record(event);
    r.record({ ...event, values: { Requests: count(1), Latency: milliseconds(2000) } });
    r.record({ group: 'webhook', dimensions: { Source: 'a"b' }, values: { Attempts: count(3) } });
    const text = r.render();
    const labels = 'family="geofence",operation="geofence.create",status_class="2xx"';
    expect(text).toContain(`# TYPE waymark_http_requests_total counter\nwaymark_http_requests_total{${labels}} 2\n`);
    expect(text).toContain('# TYPE waymark_http_latency_seconds histogram');
    expect(text).toContain(`waymark_http_latency_seconds_bucket{${labels},le="0.025"} 0`);
    expect(text).toContain(`waymark_http_latency_seconds_bucket{${labels},le="0.05"} 1`);
    expect(text).toContain(`waymark_http_latency_seconds_bucket{${labels},le="2.5"} 2`);
    expect(text).toContain(`waymark_http_latency_seconds_bucket{${labels},le="+Inf"} 2`);
    expect(text).toContain(`waymark_http_latency_seconds_sum{${labels}} 2.03`);
    expect(text).toContain(`waymark_http_latency_seconds_count{${labels}} 2`);
    expect(text).toContain('waymark_webhook_attempts_total{source="a\\"b"} 3');
  });
});

describe('emitMetrics', () => {
  it('writes one EMF line on a deployed stage and feeds the local registry locally', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    process.env.WAYMARK_METRICS = 'emf';
    emitMetrics(event);
    expect(write).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(write.mock.calls[0][0]))._aws.CloudWatchMetrics[0].Namespace).toMatch(/^Waymark\//);
    process.env.WAYMARK_METRICS = 'local';
    emitMetrics({ ...event, dimensions: { ...event.dimensions, Operation: 'unit.emit' } });
    expect(write).toHaveBeenCalledTimes(1);
    expect(localRegistry().render()).toContain('operation="unit.emit"');
  });
});

describe('the HTTP metrics layer', () => {
  it('names status classes and families', () => {
    expect([statusClass(200), statusClass(404), statusClass(503)]).toEqual(['2xx', '4xx', '5xx']);
    expect(familyOf('geofence.create')).toBe('geofence');
    expect(familyOf('multigeocode.search')).toBe('geocoding');
  });

  it('every operation of functions/ belongs to a listed family (its alarms exist)', () => {
    const root = resolve(import.meta.dirname, '../../../functions');
    const services = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.ts'))
          for (const m of readFileSync(join(dir, e.name), 'utf8').matchAll(/name: '([a-zA-Z]+)\.[a-zA-Z]+'/g)) services.add(m[1]);
      }
    };
    walk(root);
    const listed = new Set(Object.values(FAMILIES).flat() as string[]);
    expect([...services].filter((s) => !listed.has(s))).toEqual([]);
  });

  it('counts an answer with its latency and class, and a throw as a 5xx', async () => {
    process.env.WAYMARK_METRICS = 'local';
    let t = 0;
    const clock = () => (t += 10);
    const ok = measured('unit.ok', async () => ({ statusCode: 429 }), clock);
    await ok({} as never, {} as never);
    const boom = measured(
      'unit.boom',
      async () => {
        throw new Error('x');
      },
      clock,
    );
    await expect(boom({} as never, {} as never)).rejects.toThrow('x');
    const text = localRegistry().render();
    expect(text).toContain('waymark_http_errors4xx_total{family="unit",operation="unit.ok",status_class="4xx"} 1');
    expect(text).toContain('waymark_http_errors5xx_total{family="unit",operation="unit.boom",status_class="5xx"} 1');
    expect(text).toContain('waymark_http_latency_seconds_sum{family="unit",operation="unit.ok",status_class="4xx"} 0.01');
  });
});
