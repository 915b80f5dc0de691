/**
 * The road graph: nodes and directed edges in typed arrays (CSR by source). The importers'
 * builder is in graph-builder.ts.
 */
import type { BBox, Profile } from './types';

export interface GraphMeta {
  name: string;
  bbox: BBox;
  /** Local time offset used for traffic periods. */
  utcOffsetMinutes: number;
  attribution: string;
  source: string;
  createdAt: string;
}

/** Plain data of a graph, exactly what the artefact stores. */
export interface GraphData {
  meta: GraphMeta;
  names: string[];
  /** Degrees, quantized to 1e-7. */
  lat: Float64Array;
  lon: Float64Array;
  /** CSR: out-edges of node u are firstOut[u] .. firstOut[u+1]-1. */
  firstOut: Uint32Array;
  head: Uint32Array;
  /** Metres. */
  length: Float32Array;
  /** km/h, 0 = profile may not use the edge. */
  speedCar: Uint8Array;
  speedTruck: Uint8Array;
  roadClass: Uint8Array;
  /** FLAG_* bits. */
  flags: Uint8Array;
  /** Tagged maxspeed km/h, 0 = none. */
  maxspeed: Uint8Array;
  /** Tonnes, 0 = none. */
  maxweight: Float32Array;
  /** Metres, 0 = none. */
  maxheight: Float32Array;
  maxwidth: Float32Array;
  maxlength: Float32Array;
  /** Index into names, -1 = unnamed. */
  nameIdx: Int32Array;
  /** Per node: NODE_* bits (barriers per mode, u-turn places). */
  nodeFlags: Uint8Array;
  /**
   * Shape points inside edges (a chain of degree-2 nodes is one edge): edge e's points between
   * its tail and head, in driving order, are shapeLat/shapeLon[shapeStart[e] .. shapeStart[e+1]-1].
   */
  shapeStart: Uint32Array;
  /** Degrees, quantized to 1e-7. */
  shapeLat: Float64Array;
  shapeLon: Float64Array;
  restrictions: TurnRestrictions;
}

/**
 * OSM turn restrictions resolved to directed edges. Restriction r's path is
 * edges[start[r]] .. edges[start[r + 1] - 1]: the from edge (ending at the first via node), the
 * edges of the via way(s) if any, then the to edge; each edge's head is the next edge's tail.
 * `no_*` forbids driving the whole path; `only_*` forbids leaving it once its from edge is driven.
 */
export interface TurnRestrictions {
  start: Uint32Array;
  edges: Uint32Array;
  /** RESTRICT_ONLY | RESTRICT_CAR | RESTRICT_TRUCK bits per restriction. */
  kind: Uint8Array;
  /** `restriction:conditional` conditions by restriction index (OSM syntax after the `@`), for the few that have one. */
  conditions: Record<number, string>;
}

export function emptyRestrictions(): TurnRestrictions {
  return { start: new Uint32Array(1), edges: new Uint32Array(0), kind: new Uint8Array(0), conditions: {} };
}

/** Graph with derived lookup structures (tail, twin edges, components). */
export class RoadGraph {
  readonly data: GraphData;
  readonly nodeCount: number;
  readonly edgeCount: number;
  /** Source node of each edge. */
  readonly tail: Uint32Array;
  /** Reverse edge (v->u of u->v on the same segment), -1 when none. */
  readonly twin: Int32Array;
  /** Size of the strongly connected component of each node, in OSM nodes (shape points inside it count). */
  readonly componentSize: Uint32Array;
  readonly largestComponent: number;
  /** Strongly connected component of each node (an id). */
  readonly component: Uint32Array;

  constructor(data: GraphData) {
    this.data = data;
    this.nodeCount = data.lat.length;
    this.edgeCount = data.head.length;
    const n = this.nodeCount;
    const m = this.edgeCount;
    const tail = new Uint32Array(m);
    for (let u = 0; u < n; u++) for (let e = data.firstOut[u]; e < data.firstOut[u + 1]; e++) tail[e] = u;
    this.tail = tail;
    const twin = new Int32Array(m).fill(-1);
    for (let e = 0; e < m; e++) {
      if (twin[e] !== -1) continue;
      const u = tail[e];
      const v = data.head[e];
      for (let f = data.firstOut[v]; f < data.firstOut[v + 1]; f++) {
        if (data.head[f] === u && twin[f] === -1 && f !== e && Math.abs(data.length[f] - data.length[e]) < 0.01) {
          twin[e] = f;
          twin[f] = e;
          break;
        }
      }
    }
    this.twin = twin;
    // strongly connected components (iterative Tarjan) over edges any profile may use
    this.component = new Uint32Array(n);
    const cs = stronglyConnectedSizes(
      n,
      data.firstOut,
      data.head,
      data.speedCar,
      data.speedTruck,
      { start: data.shapeStart, twin },
      this.component,
    );
    let largest = 0;
    for (let i = 0; i < n; i++) if (cs[i] > largest) largest = cs[i];
    this.componentSize = cs;
    this.largestComponent = largest;
  }

  get name(): string {
    return this.data.meta.name;
  }

  get bbox(): BBox {
    return this.data.meta.bbox;
  }

  edgeAllowed(e: number, profile: Profile): boolean {
    return (profile === 'car' ? this.data.speedCar[e] : this.data.speedTruck[e]) > 0;
  }

  /**
   * Whether edge e lies in strongly connected components of at least `min` OSM nodes: its ends
   * do, and its shape points too (they share the ends' component only when the ends share one;
   * otherwise each is a component of its own, as in the uncompressed graph).
   */
  inComponentOf(e: number, min: number): boolean {
    const u = this.tail[e];
    const v = this.data.head[e];
    if (this.componentSize[u] < min || this.componentSize[v] < min) return false;
    return this.pointCount(e) === 2 || this.component[u] === this.component[v] || min <= 1;
  }

  /** Points of edge e's polyline: its tail, its shape points, its head. */
  pointCount(e: number): number {
    return this.data.shapeStart[e + 1] - this.data.shapeStart[e] + 2;
  }

  /** Latitude of point i (0 = tail) of edge e's polyline. */
  pointLat(e: number, i: number): number {
    const d = this.data;
    if (i === 0) return d.lat[this.tail[e]];
    const s = d.shapeStart[e] + i - 1;
    return s < d.shapeStart[e + 1] ? d.shapeLat[s] : d.lat[d.head[e]];
  }

  pointLon(e: number, i: number): number {
    const d = this.data;
    if (i === 0) return d.lon[this.tail[e]];
    const s = d.shapeStart[e] + i - 1;
    return s < d.shapeStart[e + 1] ? d.shapeLon[s] : d.lon[d.head[e]];
  }

  edgeName(e: number): string {
    const i = this.data.nameIdx[e];
    return i >= 0 ? this.data.names[i] : '';
  }
}

/**
 * Size of the strongly connected component of every node (iterative Tarjan). With `shape`, the
 * shape points of an edge inside a component count too (once per segment), so sizes are those of
 * the uncompressed graph and thresholds on them do not move with the compression.
 */
export function stronglyConnectedSizes(
  n: number,
  firstOut: Uint32Array,
  head: Uint32Array,
  speedA: Uint8Array,
  speedB: Uint8Array,
  shape?: { start: Uint32Array; twin: Int32Array },
  /** Filled with each node's component id when given. */
  compOut?: Uint32Array,
): Uint32Array {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const comp = new Int32Array(n).fill(-1);
  const compSizes: number[] = [];
  const callNode = new Int32Array(n);
  const callEdge = new Uint32Array(n);
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    let sp = 0;
    callNode[0] = root;
    callEdge[0] = firstOut[root];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (sp >= 0) {
      const u = callNode[sp];
      const e = callEdge[sp];
      if (e < firstOut[u + 1]) {
        callEdge[sp] = e + 1;
        if (speedA[e] === 0 && speedB[e] === 0) continue;
        const v = head[e];
        if (index[v] === -1) {
          index[v] = low[v] = counter++;
          stack.push(v);
          onStack[v] = 1;
          sp++;
          callNode[sp] = v;
          callEdge[sp] = firstOut[v];
        } else if (onStack[v] && index[v] < low[u]) {
          low[u] = index[v];
        }
        continue;
      }
      if (low[u] === index[u]) {
        const id = compSizes.length;
        let size = 0;
        for (;;) {
          const w = stack.pop() as number;
          onStack[w] = 0;
          comp[w] = id;
          size++;
          if (w === u) break;
        }
        compSizes.push(size);
      }
      sp--;
      if (sp >= 0) {
        const p = callNode[sp];
        if (low[u] < low[p]) low[p] = low[u];
      }
    }
  }
  if (shape) {
    for (let u = 0; u < n; u++)
      for (let e = firstOut[u]; e < firstOut[u + 1]; e++) {
        const t = shape.twin[e];
        if ((speedA[e] === 0 && speedB[e] === 0) || comp[head[e]] !== comp[u] || (t >= 0 && t < e && (speedA[t] > 0 || speedB[t] > 0)))
          continue;
        compSizes[comp[u]] += shape.start[e + 1] - shape.start[e];
      }
  }
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = compSizes[comp[i]];
  compOut?.set(comp);
  return out;
}
