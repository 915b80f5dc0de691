/**
 * A fleet's own edits of the roads (the road editor): closures, speed changes, truck limits and
 * turn bans, given in map terms (node positions, polygons) so that they outlive a re-import, and
 * matched here to one network's edges. Metrics and turn graphs take the matched form; a change of
 * edits is a new key, so nothing is re-imported and only the metrics of that key are rebuilt.
 */
import { prepareArea, segmentTouchesArea } from './area-avoid';
import type { RoadGraph } from './graph';
import { someSegment } from './shape';
import type { SegmentIndex } from './spatial';
import { edgeBearing } from './turns';
import type { LatLonTuple, Profile, RoadEdit, RoadEdits, TruckSpec } from './types';

/** The edits of one profile, matched to one graph. */
export interface MatchedEdits {
  closed: Set<number>;
  /** Edge -> km/h that replaces the edge's speed. */
  fixedSpeed: Map<number, number>;
  /** Edge -> km/h cap. */
  maxSpeed: Map<number, number>;
  truckLimits: Map<number, TruckSpec[]>;
  /** from-edge * edgeCount + to-edge of every banned turn. */
  bannedTurns: Set<number>;
}

/** Metres from a position to the road it names, beyond which the position matches nothing. */
const MATCH_RADIUS_M = 5;

const positionKey = (lat: number, lon: number) => `${Math.round(lat * 1e7)},${Math.round(lon * 1e7)}`;

const nodeIndexes = new WeakMap<RoadGraph, Map<string, number>>();

function nodeAt(g: RoadGraph, p: LatLonTuple): number | undefined {
  let index = nodeIndexes.get(g);
  if (!index) {
    index = new Map();
    for (let u = 0; u < g.nodeCount; u++) index.set(positionKey(g.data.lat[u], g.data.lon[u]), u);
    nodeIndexes.set(g, index);
  }
  return index.get(positionKey(p[0], p[1]));
}

const bearingBetween = (a: LatLonTuple, b: LatLonTuple) =>
  (Math.atan2((b[1] - a[1]) * Math.cos((a[0] * Math.PI) / 180), b[0] - a[0]) * 180) / Math.PI;

const angleBetween = (x: number, y: number) => {
  const d = Math.abs(((((x - y) % 360) + 540) % 360) - 180);
  return d;
};

/** The directed edge from node u to node v, if a road joins them that way. */
export function edgeFromTo(g: RoadGraph, u: number, v: number): number | undefined {
  for (let e = g.data.firstOut[u]; e < g.data.firstOut[u + 1]; e++) if (g.data.head[e] === v) return e;
  return undefined;
}

/** The directed edge from a to b: by their nodes when both are nodes, else the road through the middle heading that way. */
export function edgeBetween(g: RoadGraph, index: SegmentIndex, a: LatLonTuple, b: LatLonTuple): number | undefined {
  const u = nodeAt(g, a);
  const v = nodeAt(g, b);
  const direct = u !== undefined && v !== undefined ? edgeFromTo(g, u, v) : undefined;
  if (direct !== undefined) return direct;
  const [ph] = index.nearest((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, MATCH_RADIUS_M, 1, () => true);
  if (!ph) return undefined;
  const want = bearingBetween(a, b);
  if (angleBetween(edgeBearing(g, ph.edge, ph.seg), want) <= 45) return ph.edge;
  if (ph.twin >= 0 && angleBetween(edgeBearing(g, ph.twin, g.pointCount(ph.twin) - 2 - ph.seg), want) <= 45) return ph.twin;
  return undefined;
}

const intoIndexes = new WeakMap<RoadGraph, { first: Uint32Array; edges: Uint32Array }>();

/** The directed edges ending at node v (an index built once per graph, as the graph keeps out-edges only). */
function edgesInto(g: RoadGraph, v: number): Uint32Array {
  let index = intoIndexes.get(g);
  if (!index) {
    const { head } = g.data;
    const first = new Uint32Array(g.nodeCount + 1);
    for (let e = 0; e < g.edgeCount; e++) first[head[e] + 1]++;
    for (let u = 0; u < g.nodeCount; u++) first[u + 1] += first[u];
    const edges = new Uint32Array(g.edgeCount);
    const next = first.slice(0, g.nodeCount);
    for (let e = 0; e < g.edgeCount; e++) edges[next[head[e]]++] = e;
    intoIndexes.set(g, (index = { first, edges }));
  }
  return index.edges.subarray(index.first[v], index.first[v + 1]);
}

/** The edge into `via` that comes from `from`'s side, or out of it towards `to`'s. */
function edgeAt(g: RoadGraph, via: number, toward: LatLonTuple, incoming: boolean): number | undefined {
  const d = g.data;
  const here: LatLonTuple = [d.lat[via], d.lon[via]];
  const want = bearingBetween(here, toward);
  let best: number | undefined;
  let bestAngle = 45;
  const consider = (e: number, bearing: number) => {
    const a = angleBetween(bearing, want);
    if (a <= bestAngle) [best, bestAngle] = [e, a];
  };
  if (incoming) {
    for (const e of edgesInto(g, via)) consider(e, edgeBearing(g, e, -1) + 180);
  } else {
    for (let e = d.firstOut[via]; e < d.firstOut[via + 1]; e++) consider(e, edgeBearing(g, e));
  }
  return best;
}

function emptyMatch(): MatchedEdits {
  return { closed: new Set(), fixedSpeed: new Map(), maxSpeed: new Map(), truckLimits: new Map(), bannedTurns: new Set() };
}

function edgesOf(g: RoadGraph, index: SegmentIndex, edit: RoadEdit): number[] {
  const out: number[] = [];
  for (const chain of edit.chains ?? []) {
    for (let i = 0; i + 1 < chain.length; i++) {
      const e = edgeBetween(g, index, chain[i], chain[i + 1]);
      if (e !== undefined) out.push(e);
    }
  }
  if (edit.area) {
    const area = prepareArea(edit.area);
    for (let e = 0; e < g.edgeCount; e++) if (someSegment(g, e, (...s) => segmentTouchesArea(area, ...s))) out.push(e);
  }
  return out;
}

/** The edits binding `profile`, matched to the graph; positions that match no road are skipped. */
export function matchEdits(g: RoadGraph, index: SegmentIndex, edits: RoadEdits, profile: Profile): MatchedEdits {
  const m = emptyMatch();
  for (const edit of edits.items) {
    if (!edit.profiles.includes(profile)) continue;
    if (edit.kind === 'turn') {
      if (!edit.turn) continue;
      const via = nodeAt(g, edit.turn[1]) ?? nearestNode(g, index, edit.turn[1]);
      if (via === undefined) continue;
      const from = edgeAt(g, via, edit.turn[0], true);
      const to = edgeAt(g, via, edit.turn[2], false);
      if (from !== undefined && to !== undefined) m.bannedTurns.add(from * g.edgeCount + to);
      continue;
    }
    for (const e of edgesOf(g, index, edit)) {
      if (edit.kind === 'closure') m.closed.add(e);
      else if (edit.kind === 'fixedspeed' && edit.speedKmh) m.fixedSpeed.set(e, edit.speedKmh);
      else if (edit.kind === 'maxspeed' && edit.speedKmh) m.maxSpeed.set(e, Math.min(m.maxSpeed.get(e) ?? Infinity, edit.speedKmh));
      else if (edit.kind === 'truck' && edit.truck) m.truckLimits.set(e, [...(m.truckLimits.get(e) ?? []), edit.truck]);
    }
  }
  return m;
}

function nearestNode(g: RoadGraph, index: SegmentIndex, p: LatLonTuple): number | undefined {
  const [ph] = index.nearest(p[0], p[1], MATCH_RADIUS_M, 1, () => true);
  if (!ph) return undefined;
  return ph.t < 0.5 ? ph.u : ph.v;
}

/** Whether a truck of these dimensions exceeds one of the limits (a limit of 0 binds nothing). */
export function truckExceeds(truck: TruckSpec | undefined, limits: readonly TruckSpec[]): boolean {
  if (!truck) return false;
  const over = (have: number | undefined, max: number | undefined) => !!have && !!max && have > max;
  return limits.some(
    (l) =>
      over(truck.weightKg, l.weightKg) ||
      over(truck.heightCm, l.heightCm) ||
      over(truck.widthCm, l.widthCm) ||
      over(truck.lengthCm, l.lengthCm),
  );
}

const matched = new WeakMap<RoadGraph, Map<string, MatchedEdits>>();
/** Matched edit sets kept per graph (a few spaces' current sets per profile). */
const MATCH_CACHE_SIZE = 16;

/** matchEdits, cached by the set's key and the profile. */
export function matchedEdits(g: RoadGraph, index: SegmentIndex, edits: RoadEdits, profile: Profile): MatchedEdits {
  let cache = matched.get(g);
  if (!cache) matched.set(g, (cache = new Map()));
  const key = `${profile}|${edits.key}`;
  let m = cache.get(key);
  if (!m) {
    m = matchEdits(g, index, edits, profile);
    if (cache.size >= MATCH_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, m);
  }
  return m;
}
