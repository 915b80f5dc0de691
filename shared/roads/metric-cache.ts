/**
 * The metrics of one network, built on demand per option set, with their contraction
 * hierarchies: the few most recently used are kept, since each costs a second of CPU to build
 * and several edge-sized arrays of memory.
 */
import type { CHInput, CHProgress } from './ch-build';
import { contractInParts, stripes } from './ch-parallel';
import { threadedParts } from './ch-threads';
import { ContractionHierarchy } from './ch-query';
import { pruned } from './ch-prune';
import { matchedEdits } from './edits';
import type { RoadGraph } from './graph';
import { buildMetric, metricKey } from './metric';
import type { MetricEntry, StoredHierarchies } from './ports';
import type { SegmentIndex } from './spatial';
import { activeConditionsKey, turnTopology } from './turn-topology';
import { turnOptionsKey, turnWeights } from './turns';
import type { TravelOptions } from './types';

/** Metrics (with their hierarchies) kept in memory per network. */
export const METRIC_CACHE_SIZE = 8;
/**
 * Metrics of road-edited option sets kept apart, so that spaces' edits (a new set on every
 * change) never push out the shared metrics and their hierarchies that every other request uses.
 */
export const EDITED_METRIC_CACHE_SIZE = 4;

export class MetricCache {
  private entries = new Map<string, MetricEntry>();
  private edited = new Map<string, MetricEntry>();

  constructor(
    private readonly graph: RoadGraph,
    private readonly index: SegmentIndex,
    private readonly stored?: StoredHierarchies,
  ) {}

  /** The metric (and its hierarchy, once built) for the options; most recently used last. */
  get(o: TravelOptions): MetricEntry {
    const key = `${metricKey(this.graph, o)}|${turnOptionsKey(o.turns)}|${activeConditionsKey(this.graph, o)}`;
    const entries = o.edits?.items.length ? this.edited : this.entries;
    let m = entries.get(key);
    if (m) {
      entries.delete(key);
      entries.set(key, m);
      return m;
    }
    const edits = o.edits?.items.length ? matchedEdits(this.graph, this.index, o.edits, o.profile ?? 'car') : undefined;
    const metric = buildMetric(this.graph, o, edits);
    const lw = new Float64Array(this.graph.edgeCount);
    for (let e = 0; e < lw.length; e++) lw[e] = metric.cost[e] === Infinity ? Infinity : this.graph.data.length[e];
    const topo = turnTopology(this.graph, o, edits?.bannedTurns.size ? { key: o.edits!.key, banned: edits.bannedTurns } : undefined);
    const turns = turnWeights(topo.code, topo.angle, o.turns);
    const byCost = { topo, w: metric.cost, d: metric.duration, tw: turns.cost, td: turns.dur };
    m = { key, metric, lengthWeight: lw, topo, turns, byCost, byLength: { ...byCost, w: lw, tw: turns.len } };
    entries.set(key, m);
    const size = entries === this.edited ? EDITED_METRIC_CACHE_SIZE : METRIC_CACHE_SIZE;
    while (entries.size > size) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
    return m;
  }

  /** The entry's contraction hierarchy: a stored one of its metric if usable, else built on first use. */
  hierarchy(m: MetricEntry, onProgress?: (p: CHProgress) => void): ContractionHierarchy {
    this.readStored(m);
    if (!m.ch) m.ch = pruned(ContractionHierarchy.build(this.hierarchyInput(m, onProgress)));
    return m.ch;
  }

  /**
   * As `hierarchy`, but a hierarchy to build is built in `parts` stripes of the map at once, all
   * but one in worker threads (ch-parallel.ts): what the command line's offline build uses.
   */
  async hierarchyInParts(m: MetricEntry, parts: number, onProgress?: (p: CHProgress) => void): Promise<ContractionHierarchy> {
    this.readStored(m);
    if (m.ch) return m.ch;
    if (parts < 2) return this.hierarchy(m, onProgress);
    const t0 = Date.now();
    const input = this.hierarchyInput(m);
    const { tail } = this.graph;
    const { lat, lon } = this.graph.data;
    // stripes west to east or south to north, whichever cut crosses fewer roads
    const [across, along] = [lon, lat].map((c) =>
      stripes(
        Float64Array.from(m.topo.stateEdge, (e) => c[tail[e]]),
        parts,
        input,
      ),
    );
    const { part } = across.crossing <= along.crossing ? across : along;
    const built = await contractInParts(input, part, parts, threadedParts(parts, onProgress), onProgress);
    m.ch = pruned(ContractionHierarchy.layout(built, t0));
    return m.ch;
  }

  /** A stored hierarchy of the entry's metric, when there is a usable one and none is held yet. */
  private readStored(m: MetricEntry): void {
    if (!m.ch && this.stored) m.ch = this.stored.find(m.key, m.topo.stateCount, m.topo.to.length);
  }

  /** The hierarchy's nodes are the turn graph's states, its edges the transitions. */
  private hierarchyInput(m: MetricEntry, onProgress?: (p: CHProgress) => void): CHInput {
    const { topo, turns } = m;
    const { cost, duration } = m.metric;
    const length = this.graph.data.length;
    const k = topo.to.length;
    const from = new Uint32Array(k);
    const c = new Float64Array(k);
    const d = new Float64Array(k);
    const l = new Float64Array(k);
    for (let s = 0; s < topo.stateCount; s++) {
      const e = topo.stateEdge[s];
      for (let i = topo.first[s]; i < topo.first[s + 1]; i++) {
        from[i] = s;
        c[i] = cost[e] + turns.cost[i];
        d[i] = duration[e] + turns.dur[i];
        l[i] = length[e];
      }
    }
    return { nodeCount: topo.stateCount, from, to: topo.to, cost: c, dur: d, len: l, onProgress };
  }
}
