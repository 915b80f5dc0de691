/**
 * The turn graph of one profile (and departure, for conditional restrictions): its states are
 * directed edges, a search's label on a state is the cost of having just entered that edge, and
 * its transitions are the turns the profile may make. Extra states carry what a plain edge cannot:
 * how far a via-way restriction has been matched (restriction-match.ts) and whether a route has
 * already left the destination-only roads it started on. See shared/roads/README.md#turns.
 */
import { conditionHolds } from './conditions';
import type { RoadGraph } from './graph';
import { FLAG_DEST_CAR, FLAG_DEST_TRUCK, NODE_BARRIER_CAR, NODE_BARRIER_TRUCK, NODE_UTURN, RESTRICT_CAR, RESTRICT_TRUCK } from './profiles';
import { RestrictionMatcher } from './restriction-match';
import { classifyTurn, TURN_UTURN } from './turns';
import type { Profile, TravelOptions } from './types';

export interface TurnTopology {
  readonly key: string;
  readonly stateCount: number;
  /** Directed edge of every state; state e < edgeCount is edge e itself. */
  readonly stateEdge: Uint32Array;
  /** CSR by state: transitions first[s] .. first[s + 1] - 1 lead to `to`. */
  readonly first: Uint32Array;
  readonly to: Uint32Array;
  /** TURN_* code and unsigned deflection (degrees) of every transition. */
  readonly code: Uint8Array;
  readonly angle: Uint8Array;
  /** Every state of a directed edge (the edge itself first). */
  statesOf(e: number): number[];
  /** The directed edges ending at a node. */
  into(node: number): number[];
}

/** Number of distinct neighbours of every node (in either direction). */
export function neighbourCounts(g: RoadGraph): Uint32Array {
  const n = g.nodeCount;
  const head = g.data.head;
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (let e = 0; e < g.edgeCount; e++) {
    adj[g.tail[e]].push(head[e]);
    adj[head[e]].push(g.tail[e]);
  }
  const out = new Uint32Array(n);
  for (let u = 0; u < n; u++) out[u] = new Set(adj[u]).size;
  return out;
}

const neighbourCache = new WeakMap<RoadGraph, Uint32Array>();

/** Which conditional restrictions hold at the options' departure (none without one), as a key. */
export function activeConditionsKey(g: RoadGraph, o: TravelOptions): string {
  const ts = o.trafficTimestamp;
  if (ts === undefined) return '';
  const cond = g.data.restrictions.conditions;
  return Object.keys(cond)
    .filter((r) => conditionHolds(cond[Number(r)], ts, g.data.meta.utcOffsetMinutes))
    .join(',');
}

/** Turns the road editor bans (from-edge * edgeCount + to-edge), with the key of their edit set. */
export interface TurnBans {
  key: string;
  banned: ReadonlySet<number>;
}

export function buildTurnTopology(g: RoadGraph, profile: Profile, active: string, bans?: TurnBans): TurnTopology {
  const d = g.data;
  const m = g.edgeCount;
  const speed = profile === 'car' ? d.speedCar : d.speedTruck;
  const destFlag = profile === 'car' ? FLAG_DEST_CAR : FLAG_DEST_TRUCK;
  const barrierFlag = profile === 'car' ? NODE_BARRIER_CAR : NODE_BARRIER_TRUCK;
  const modeBit = profile === 'car' ? RESTRICT_CAR : RESTRICT_TRUCK;
  const on = new Set(active ? active.split(',').map(Number) : []);
  const r = d.restrictions;
  const matcher = new RestrictionMatcher(m, r, (i) => (r.kind[i] & modeBit) !== 0 && (r.conditions[i] === undefined || on.has(i)));
  let nb = neighbourCache.get(g);
  if (!nb) neighbourCache.set(g, (nb = neighbourCounts(g)));
  // a second state for every destination-only edge: entered after the route drove normal roads
  const lateOf = new Int32Array(m).fill(-1);
  const lateEdges: number[] = [];
  for (let e = 0; e < m; e++) {
    if (!(d.flags[e] & destFlag && speed[e] > 0)) continue;
    lateOf[e] = m + matcher.extraStates + lateEdges.length;
    lateEdges.push(e);
  }
  const stateCount = m + matcher.extraStates + lateEdges.length;
  const stateEdge = new Uint32Array(stateCount);
  for (let s = 0; s < m + matcher.extraStates; s++) stateEdge[s] = matcher.edgeOf(s);
  lateEdges.forEach((e, i) => (stateEdge[m + matcher.extraStates + i] = e));
  const extrasOf = new Map<number, number[]>();
  for (let s = m; s < stateCount; s++) {
    const e = stateEdge[s];
    const l = extrasOf.get(e);
    if (l) l.push(s);
    else extrasOf.set(e, [s]);
  }
  const inFirst = new Uint32Array(g.nodeCount + 1);
  for (let e = 0; e < m; e++) inFirst[d.head[e] + 1]++;
  for (let v = 0; v < g.nodeCount; v++) inFirst[v + 1] += inFirst[v];
  const inEdges = new Uint32Array(m);
  const inPos = inFirst.slice(0, g.nodeCount);
  for (let e = 0; e < m; e++) inEdges[inPos[d.head[e]]++] = e;
  const first = new Uint32Array(stateCount + 1);
  const to: number[] = [];
  const code: number[] = [];
  const angle: number[] = [];
  for (let s = 0; s < stateCount; s++) {
    first[s] = to.length;
    const e = stateEdge[s];
    if (speed[e] === 0) continue;
    const late = s >= m + matcher.extraStates;
    // phase of the route: 0 = still on the destination-only roads it started on, 1 = on normal roads, 2 = finishing
    const phase = late ? 2 : d.flags[e] & destFlag ? 0 : 1;
    const matchState = late ? e : s;
    const v = d.head[e];
    const barrier = (d.nodeFlags[v] & barrierFlag) !== 0;
    const turnPlace = nb[v] <= 1 || barrier || (d.nodeFlags[v] & NODE_UTURN) !== 0;
    for (let x = d.firstOut[v]; x < d.firstOut[v + 1]; x++) {
      if (speed[x] === 0) continue;
      const t = classifyTurn(g, e, x, nb[v]);
      if (t.code === TURN_UTURN ? !turnPlace : barrier) continue;
      const xDest = (d.flags[x] & destFlag) !== 0;
      if (!xDest && phase === 2) continue;
      if (bans?.banned.has(e * m + x)) continue;
      const next = matcher.next(matchState, x);
      if (next < 0) continue;
      to.push(xDest && phase > 0 ? lateOf[x] : next);
      code.push(t.code);
      angle.push(t.angle);
    }
  }
  first[stateCount] = to.length;
  return {
    key: `${profile}|${active}|${bans?.key ?? ''}`,
    stateCount,
    stateEdge,
    first,
    to: Uint32Array.from(to),
    code: Uint8Array.from(code),
    angle: Uint8Array.from(angle),
    statesOf: (e) => [e, ...(extrasOf.get(e) ?? [])],
    into: (v) => Array.from(inEdges.subarray(inFirst[v], inFirst[v + 1])),
  };
}

const topologies = new WeakMap<RoadGraph, Map<string, TurnTopology>>();
/** Turn graphs kept per network (one per profile, plus departures with other conditional restrictions in force). */
const TOPOLOGY_CACHE_SIZE = 6;

export function turnTopology(g: RoadGraph, o: TravelOptions, bans?: TurnBans): TurnTopology {
  const profile = o.profile ?? 'car';
  const active = activeConditionsKey(g, o);
  const key = `${profile}|${active}|${bans?.key ?? ''}`;
  let cache = topologies.get(g);
  if (!cache) topologies.set(g, (cache = new Map()));
  let t = cache.get(key);
  if (t) {
    cache.delete(key);
  } else {
    t = buildTurnTopology(g, profile, active, bans);
    if (cache.size >= TOPOLOGY_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, t);
  return t;
}
