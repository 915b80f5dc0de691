import type { Network } from '../roads';
import { ROAD_CLASSES } from '../roads';

// The loaded road networks as GeoJSON lines, for drawing under a map (the
// console's basemap). Segments are joined into polylines through nodes where
// nothing branches, so a city's network stays a few hundred kilobytes; past
// the point budget the least important road classes are left out whole, which
// keeps what is drawn coherent instead of randomly thinned.

export const DEFAULT_MAX_POINTS = 60_000;

// Service roads, tracks and ferries add clutter and bytes, not orientation.
const SKIPPED = new Set(['service', 'track', 'ferry']);

type Line = Array<[number, number]>;

interface RoadLines {
  type: 'FeatureCollection';
  features: Array<{
    type: 'Feature';
    properties: { network: string; class: string };
    geometry: { type: 'MultiLineString'; coordinates: Line[] };
  }>;
}

const round = (x: number) => Math.round(x * 1e5) / 1e5;

/** Polylines per road class of one network; each undirected segment once. */
function linesByClass(net: Network): Map<number, Line[]> {
  const g = net.graph;
  const { lat, lon, head, roadClass } = g.data;
  const segments: number[] = [];
  for (let e = 0; e < g.edgeCount; e++) {
    if (SKIPPED.has(ROAD_CLASSES[roadClass[e]])) continue;
    if (g.twin[e] < 0 || e < g.twin[e]) segments.push(e);
  }
  // Node -> segments touching it (CSR), to walk chains through degree-2 nodes.
  const degree = new Uint32Array(g.nodeCount + 1);
  for (const e of segments) {
    degree[g.tail[e] + 1]++;
    degree[head[e] + 1]++;
  }
  for (let n = 0; n < g.nodeCount; n++) degree[n + 1] += degree[n];
  const at = degree.slice();
  const touching = new Uint32Array(segments.length * 2);
  segments.forEach((e, i) => {
    touching[at[g.tail[e]]++] = i;
    touching[at[head[e]]++] = i;
  });
  const used = new Uint8Array(segments.length);
  const other = (i: number, node: number) => (g.tail[segments[i]] === node ? head[segments[i]] : g.tail[segments[i]]);
  const extend = (line: number[], segs: number[], cls: number) => {
    for (;;) {
      const node = line[line.length - 1];
      if (degree[node + 1] - degree[node] !== 2) return;
      const a = touching[degree[node]];
      const next = used[a] ? touching[degree[node] + 1] : a;
      if (used[next] || roadClass[segments[next]] !== cls) return;
      used[next] = 1;
      segs.push(next);
      line.push(other(next, node));
    }
  };

  const out = new Map<number, Line[]>();
  for (let i = 0; i < segments.length; i++) {
    if (used[i]) continue;
    used[i] = 1;
    const cls = roadClass[segments[i]];
    const forward = [g.tail[segments[i]], head[segments[i]]];
    const forwardSegs = [i];
    extend(forward, forwardSegs, cls);
    const backward = [forward[0]];
    const backwardSegs: number[] = [];
    extend(backward, backwardSegs, cls);
    const nodes = [...backward.reverse(), ...forward.slice(1)];
    const segs = [...backwardSegs.reverse(), ...forwardSegs];
    // each segment's polyline (shape points included), in the line's direction
    const line: Line = [[round(lon[nodes[0]]), round(lat[nodes[0]])]];
    segs.forEach((k, j) => {
      const e = segments[k];
      const n = g.pointCount(e);
      for (let p = 1; p < n; p++) {
        const q = g.tail[e] === nodes[j] ? p : n - 1 - p;
        line.push([round(g.pointLon(e, q)), round(g.pointLat(e, q))]);
      }
    });
    const list = out.get(cls) ?? [];
    list.push(line);
    out.set(cls, list);
  }
  return out;
}

const cache = new Map<string, RoadLines>();

export function roadLines(networks: Network[], maxPoints = DEFAULT_MAX_POINTS): RoadLines {
  const cacheKey = `${networks.map((n) => n.name).join(',')}:${maxPoints}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const all = networks.flatMap((net) => [...linesByClass(net)].map(([cls, lines]) => ({ net: net.name, cls, lines })));
  // ROAD_CLASSES runs from the most important class down.
  all.sort((a, b) => a.cls - b.cls);
  const result: RoadLines = { type: 'FeatureCollection', features: [] };
  let points = 0;
  for (const { net, cls, lines } of all) {
    const count = lines.reduce((sum, l) => sum + l.length, 0);
    if (points + count > maxPoints && result.features.length > 0) break;
    points += count;
    result.features.push({
      type: 'Feature',
      properties: { network: net, class: ROAD_CLASSES[cls] },
      geometry: { type: 'MultiLineString', coordinates: lines },
    });
  }
  cache.set(cacheKey, result);
  return result;
}
