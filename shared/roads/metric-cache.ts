/**
 * The metrics of one network, built on demand per option set, with their contraction
 * hierarchies: the few most recently used are kept, since each costs a second of CPU to build
 * and several edge-sized arrays of memory.
 */
import { ContractionHierarchy } from './ch-query';
import type { RoadGraph } from './graph';
import { buildMetric, metricKey } from './metric';
import type { MetricEntry } from './ports';
import type { TravelOptions } from './types';

/** Metrics (with their hierarchies) kept in memory per network. */
export const METRIC_CACHE_SIZE = 8;

export class MetricCache {
  private entries = new Map<string, MetricEntry>();

  constructor(private readonly graph: RoadGraph) {}

  /** The metric (and its hierarchy, once built) for the options; most recently used last. */
  get(o: TravelOptions): MetricEntry {
    const key = metricKey(this.graph, o);
    let m = this.entries.get(key);
    if (m) {
      this.entries.delete(key);
      this.entries.set(key, m);
      return m;
    }
    const metric = buildMetric(this.graph, o);
    const lw = new Float64Array(this.graph.edgeCount);
    for (let e = 0; e < lw.length; e++) lw[e] = metric.cost[e] === Infinity ? Infinity : this.graph.data.length[e];
    m = { metric, lengthWeight: lw };
    this.entries.set(key, m);
    while (this.entries.size > METRIC_CACHE_SIZE) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return m;
  }

  /** The entry's contraction hierarchy, built on first use. */
  hierarchy(m: MetricEntry): ContractionHierarchy {
    if (!m.ch) {
      const g = this.graph;
      m.ch = new ContractionHierarchy({
        nodeCount: g.nodeCount,
        from: g.tail,
        to: g.data.head,
        cost: m.metric.cost,
        dur: m.metric.duration,
        len: g.data.length,
      });
    }
    return m.ch;
  }
}
