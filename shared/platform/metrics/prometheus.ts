import type { MetricEvent } from './model';

// The local stack's view of the same events (GET /metrics): a count becomes a counter
// (waymark_<group>_<name>_total), a duration a histogram in seconds
// (waymark_<group>_<name>_seconds), labelled by the event's dimensions. Held in the process: the
// local API runs every handler in one process; a restart starts from zero, as Prometheus expects.

/** Upper bounds (seconds) of the histogram buckets: from a cached read to a long solve. */
export const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

interface Series {
  labels: Record<string, string>;
  /** A counter's total, or a histogram's sum. */
  sum: number;
  count: number;
  /** Per bucket, observations at or under its bound (histograms only). */
  buckets?: number[];
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${snake(k)}="${escape(v)}"`)
    .join(',');
const withLabels = (name: string, labels: string) => (labels ? `${name}{${labels}}` : name);

export class PrometheusRegistry {
  private readonly metrics = new Map<string, { type: 'counter' | 'histogram'; series: Map<string, Series> }>();

  record(event: MetricEvent): void {
    const key = labelText(event.dimensions);
    for (const [name, { value, unit }] of Object.entries(event.values)) {
      const histogram = unit !== 'Count';
      const metric = `waymark_${event.group}_${snake(name)}${histogram ? '_seconds' : '_total'}`;
      const entry = this.metrics.get(metric) ?? { type: histogram ? 'histogram' : 'counter', series: new Map() };
      this.metrics.set(metric, entry);
      const series = entry.series.get(key) ?? {
        labels: event.dimensions,
        sum: 0,
        count: 0,
        buckets: histogram ? BUCKETS.map(() => 0) : undefined,
      };
      entry.series.set(key, series);
      const observed = unit === 'Milliseconds' ? value / 1000 : value;
      series.sum += observed;
      series.count++;
      const buckets = series.buckets;
      if (buckets) for (let i = 0; i < BUCKETS.length; i++) if (observed <= BUCKETS[i]) buckets[i]++;
    }
  }

  /** The text exposition format (version 0.0.4). */
  render(): string {
    const lines: string[] = [];
    for (const [name, { type, series }] of [...this.metrics].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`# TYPE ${name} ${type}`);
      for (const [labels, s] of series) {
        if (type === 'counter') {
          lines.push(`${withLabels(name, labels)} ${s.sum}`);
          continue;
        }
        const base = name.slice(0, -'_seconds'.length) + '_seconds';
        const sep = labels ? `${labels},` : '';
        BUCKETS.forEach((le, i) => lines.push(`${base}_bucket{${sep}le="${le}"} ${s.buckets![i]}`));
        lines.push(`${base}_bucket{${sep}le="+Inf"} ${s.count}`);
        lines.push(`${withLabels(`${base}_sum`, labels)} ${s.sum}`);
        lines.push(`${withLabels(`${base}_count`, labels)} ${s.count}`);
      }
    }
    return `${lines.join('\n')}\n`;
  }
}
