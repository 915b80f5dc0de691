/**
 * An independent, deliberately simple edge-based shortest path for the property tests: Dijkstra
 * (array scan, no heap) over states that remember the last few edges driven, turn costs computed
 * from the rules in shared/roads/README.md#turns, restrictions checked against the remembered
 * edges directly.
 */
import type { RoadGraph } from '../../../shared/roads/graph';
import { NODE_UTURN, RESTRICT_ONLY } from '../../../shared/roads/profiles';

export interface ReferenceTurns {
  sharpTurnAngle?: number;
  uturnPenalty?: number;
}

interface Path {
  edges: number[];
  only: boolean;
}

function bearing(g: RoadGraph, e: number): number {
  const { lat, lon, head } = g.data;
  const a = g.tail[e];
  const b = head[e];
  return Math.atan2((lon[b] - lon[a]) * Math.cos((lat[a] * Math.PI) / 180), lat[b] - lat[a]);
}

/** Seconds of the turn a -> b, or Infinity where no u-turn may be made. */
function turnCost(g: RoadGraph, a: number, b: number, o: ReferenceTurns): number {
  const v = g.data.head[a];
  const nbs = new Set<number>();
  for (let e = 0; e < g.edgeCount; e++) {
    if (g.tail[e] === v) nbs.add(g.data.head[e]);
    if (g.data.head[e] === v) nbs.add(g.tail[e]);
  }
  if (g.data.head[b] === g.tail[a]) return nbs.size === 1 || g.data.nodeFlags[v] & NODE_UTURN ? (o.uturnPenalty ?? 30) : Infinity;
  if (nbs.size <= 2) return 0;
  let deg = ((bearing(g, b) - bearing(g, a)) * 180) / Math.PI;
  deg = (((deg % 360) + 540) % 360) - 180;
  const abs = Math.min(180, Math.round(Math.abs(deg)));
  if (abs <= 30) return 0;
  if (abs > (o.sharpTurnAngle ?? 120)) return 15;
  return deg > 0 ? 4 : 8;
}

function endsWith(hist: number[], p: number[]): boolean {
  if (p.length > hist.length) return false;
  for (let i = 0; i < p.length; i++) if (hist[hist.length - p.length + i] !== p[i]) return false;
  return true;
}

/** Whether driving x after the edges in `hist` breaks a restriction. */
function forbidden(hist: number[], x: number, paths: Path[]): boolean {
  const next = [...hist, x];
  for (const p of paths) {
    if (!p.only && endsWith(next, p.edges)) return true;
    if (p.only) for (let i = 1; i < p.edges.length; i++) if (endsWith(hist, p.edges.slice(0, i)) && x !== p.edges[i]) return true;
  }
  return false;
}

/** Seconds from node s to every node (profile car, duration per edge given). */
export function edgeBasedDurations(g: RoadGraph, s: number, duration: Float64Array, o: ReferenceTurns): Float64Array {
  const r = g.data.restrictions;
  const paths: Path[] = [];
  for (let i = 0; i < r.kind.length; i++)
    paths.push({ edges: Array.from(r.edges.subarray(r.start[i], r.start[i + 1])), only: (r.kind[i] & RESTRICT_ONLY) !== 0 });
  const keep = Math.max(1, ...paths.map((p) => p.edges.length - 1));
  const best = new Float64Array(g.nodeCount).fill(Infinity);
  best[s] = 0;
  // a label: the cost of having driven the remembered edges to their end
  const labels = new Map<string, { hist: number[]; cost: number }>();
  const done = new Set<string>();
  for (let e = 0; e < g.edgeCount; e++)
    if (g.tail[e] === s && duration[e] < Infinity) labels.set(String(e), { hist: [e], cost: duration[e] });
  for (;;) {
    let key = '';
    let cur: { hist: number[]; cost: number } | undefined;
    for (const [k, l] of labels) if (!done.has(k) && (!cur || l.cost < cur.cost)) [key, cur] = [k, l];
    if (!cur) break;
    done.add(key);
    const last = cur.hist[cur.hist.length - 1];
    const v = g.data.head[last];
    if (cur.cost < best[v]) best[v] = cur.cost;
    for (let x = 0; x < g.edgeCount; x++) {
      if (g.tail[x] !== v || duration[x] === Infinity || forbidden(cur.hist, x, paths)) continue;
      const c = cur.cost + turnCost(g, last, x, o) + duration[x];
      if (c === Infinity) continue;
      const hist = [...cur.hist, x].slice(-keep);
      const k = hist.join(',');
      const old = labels.get(k);
      if (!done.has(k) && (!old || c < old.cost)) labels.set(k, { hist, cost: c });
    }
  }
  return best;
}
