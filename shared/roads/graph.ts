/**
 * The road graph: nodes and directed edges in typed arrays (CSR by source),
 * plus the builder used by the importers.
 */
import { greatCircleMeters } from '../geo/sphere';
import { FLAG_CAR, FLAG_FERRY, FLAG_TOLL, FLAG_TRUCK, type WayAttributes } from './profiles';
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
  /** Size of the strongly connected component of each node. */
  readonly componentSize: Uint32Array;
  readonly largestComponent: number;

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
    const cs = stronglyConnectedSizes(n, data.firstOut, data.head, data.speedCar, data.speedTruck);
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

  edgeName(e: number): string {
    const i = this.data.nameIdx[e];
    return i >= 0 ? this.data.names[i] : '';
  }
}

/** Size of the strongly connected component of every node (iterative Tarjan). */
export function stronglyConnectedSizes(
  n: number,
  firstOut: Uint32Array,
  head: Uint32Array,
  speedA: Uint8Array,
  speedB: Uint8Array,
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
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = compSizes[comp[i]];
  return out;
}

interface PendingEdge {
  u: number;
  v: number;
  len: number;
  attrs: WayAttributes;
  speedCar: number;
  speedTruck: number;
}

export interface BuildOptions {
  name?: string;
  source?: string;
  attribution?: string;
  /** Local time offset for traffic periods; default: round(centre longitude / 15) hours. */
  utcOffsetMinutes?: number;
}

/** Accumulates ways, then produces GraphData. */
export class GraphBuilder {
  private lat: number[] = [];
  private lon: number[] = [];
  private keyToNode = new Map<string | number, number>();
  private edges: PendingEdge[] = [];
  private names = new Map<string, number>();
  private nameList: string[] = [];
  waysAdded = 0;

  /** Index of a node by key (OSM id or coordinate key); created on first use. */
  node(key: string | number, lat: number, lon: number): number {
    let i = this.keyToNode.get(key);
    if (i === undefined) {
      i = this.lat.length;
      this.lat.push(Math.round(lat * 1e7) / 1e7);
      this.lon.push(Math.round(lon * 1e7) / 1e7);
      this.keyToNode.set(key, i);
    }
    return i;
  }

  /** Node keyed by its coordinates (GeoJSON input without node ids). */
  coordNode(lat: number, lon: number): number {
    const la = Math.round(lat * 1e7);
    const lo = Math.round(lon * 1e7);
    return this.node(`${la},${lo}`, lat, lon);
  }

  addWay(nodes: number[], attrs: WayAttributes): void {
    if (nodes.length < 2) return;
    const lens: number[] = [];
    let total = 0;
    for (let i = 0; i + 1 < nodes.length; i++) {
      const a = nodes[i];
      const b = nodes[i + 1];
      const l = a === b ? 0 : greatCircleMeters(this.lat[a], this.lon[a], this.lat[b], this.lon[b]);
      lens.push(l);
      total += l;
    }
    let speedCar = attrs.speedCar;
    let speedTruck = attrs.speedTruck;
    if (attrs.ferry && attrs.ferryDuration && attrs.ferryDuration > 0 && total > 0) {
      const s = Math.max(1, Math.min(255, Math.round((total / attrs.ferryDuration) * 3.6)));
      if (speedCar > 0) speedCar = s;
      if (speedTruck > 0) speedTruck = s;
    }
    for (let i = 0; i + 1 < nodes.length; i++) {
      const a = nodes[i];
      const b = nodes[i + 1];
      if (a === b) continue;
      if (attrs.oneway !== -1) this.edges.push({ u: a, v: b, len: lens[i], attrs, speedCar, speedTruck });
      if (attrs.oneway !== 1) this.edges.push({ u: b, v: a, len: lens[i], attrs, speedCar, speedTruck });
    }
    this.waysAdded++;
  }

  private nameIndex(name: string): number {
    if (!name) return -1;
    let i = this.names.get(name);
    if (i === undefined) {
      i = this.nameList.length;
      this.nameList.push(name);
      this.names.set(name, i);
    }
    return i;
  }

  get nodeCount(): number {
    return this.lat.length;
  }

  get edgeCount(): number {
    return this.edges.length;
  }

  build(opts: BuildOptions = {}): GraphData {
    // keep only nodes used by edges, renumber in order of first use
    const used = new Int32Array(this.lat.length).fill(-1);
    let n = 0;
    for (const e of this.edges) {
      if (used[e.u] === -1) used[e.u] = n++;
      if (used[e.v] === -1) used[e.v] = n++;
    }
    const lat = new Float64Array(n);
    const lon = new Float64Array(n);
    for (let i = 0; i < used.length; i++) {
      if (used[i] >= 0) {
        lat[used[i]] = this.lat[i];
        lon[used[i]] = this.lon[i];
      }
    }
    const m = this.edges.length;
    const firstOut = new Uint32Array(n + 1);
    for (const e of this.edges) firstOut[used[e.u] + 1]++;
    for (let i = 0; i < n; i++) firstOut[i + 1] += firstOut[i];
    const pos = firstOut.slice(0, n);
    const head = new Uint32Array(m);
    const length = new Float32Array(m);
    const speedCar = new Uint8Array(m);
    const speedTruck = new Uint8Array(m);
    const roadClass = new Uint8Array(m);
    const flags = new Uint8Array(m);
    const maxspeed = new Uint8Array(m);
    const maxweight = new Float32Array(m);
    const maxheight = new Float32Array(m);
    const maxwidth = new Float32Array(m);
    const maxlength = new Float32Array(m);
    const nameIdx = new Int32Array(m);
    for (const e of this.edges) {
      const k = pos[used[e.u]]++;
      const a = e.attrs;
      head[k] = used[e.v];
      length[k] = e.len;
      speedCar[k] = e.speedCar;
      speedTruck[k] = e.speedTruck;
      roadClass[k] = a.roadClass;
      flags[k] =
        (a.toll ? FLAG_TOLL : 0) | (a.ferry ? FLAG_FERRY : 0) | (e.speedCar > 0 ? FLAG_CAR : 0) | (e.speedTruck > 0 ? FLAG_TRUCK : 0);
      maxspeed[k] = a.maxspeed;
      maxweight[k] = a.maxweight;
      maxheight[k] = a.maxheight;
      maxwidth[k] = a.maxwidth;
      maxlength[k] = a.maxlength;
      nameIdx[k] = this.nameIndex(a.name);
    }
    let minLat = Infinity;
    let minLon = Infinity;
    let maxLat = -Infinity;
    let maxLon = -Infinity;
    for (let i = 0; i < n; i++) {
      if (lat[i] < minLat) minLat = lat[i];
      if (lat[i] > maxLat) maxLat = lat[i];
      if (lon[i] < minLon) minLon = lon[i];
      if (lon[i] > maxLon) maxLon = lon[i];
    }
    const bbox: BBox = n > 0 ? { minLat, minLon, maxLat, maxLon } : { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 };
    const utcOffsetMinutes = opts.utcOffsetMinutes ?? (n > 0 ? Math.round((minLon + maxLon) / 2 / 15) * 60 : 0);
    return {
      meta: {
        name: opts.name ?? 'network',
        bbox,
        utcOffsetMinutes,
        attribution: opts.attribution ?? '© OpenStreetMap contributors (ODbL)',
        source: opts.source ?? '',
        createdAt: new Date().toISOString(),
      },
      names: this.nameList.slice(),
      lat,
      lon,
      firstOut,
      head,
      length,
      speedCar,
      speedTruck,
      roadClass,
      flags,
      maxspeed,
      maxweight,
      maxheight,
      maxwidth,
      maxlength,
      nameIdx,
      nodeFlags: new Uint8Array(n),
      restrictions: emptyRestrictions(),
    };
  }
}
