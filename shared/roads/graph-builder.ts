/**
 * Accumulates ways, node flags and turn restrictions from an importer, then produces GraphData.
 * Restrictions name edges by the builder's own (pending) edge numbers, which build() maps to
 * the final CSR order; OSM way ids are kept for the ways a restriction may name.
 */
import { greatCircleMeters } from '../geo/sphere';
import type { GraphData } from './graph';
import { PieceColumns } from './builder-pieces';
import { findChains } from './chains';
import { IdMap } from './id-map';
import { FLAG_BRIDGE, FLAG_CAR, FLAG_DEST_CAR, FLAG_DEST_TRUCK, FLAG_FERRY, FLAG_TOLL, FLAG_TRUCK, FLAG_TUNNEL } from './profiles';
import { restrictionArrays, type RestrictionPath } from './restriction-paths';
import type { WayAttributes } from './way-attributes';
import type { BBox } from './types';

export interface BuildOptions {
  name?: string;
  source?: string;
  attribution?: string;
  /** Local time offset for traffic periods; default: round(centre longitude / 15) hours. */
  utcOffsetMinutes?: number;
  /**
   * Whether chains of shape nodes become single edges (default true). Off, every OSM node of a
   * routable way is a graph node, as before version 3 of the artefact (tests that edit a graph's
   * data at arbitrary points use that).
   */
  compress?: boolean;
}

/** A directed piece of a kept way: builder edge `edge` from node u to node v. */
export interface WayEdge {
  u: number;
  v: number;
  edge: number;
}

export class GraphBuilder {
  private lat: number[] = [];
  private lon: number[] = [];
  /** OSM ids in typed arrays (a country passes Map's 2^24 entries); coordinate keys (GeoJSON) in a Map. */
  private idToNode = new IdMap(1 << 16);
  private coordToNode = new Map<string, number>();
  private edges = new PieceColumns();
  /** Attributes of the ways added, as the pieces name them. */
  private attrList: WayAttributes[] = [];
  private names = new Map<string, number>();
  private nameList: string[] = [];
  private nodeFlagBits = new Map<number, number>();
  /** Per node: 1 per inner place in a way, 2 per way end; anything but 1 is no mere shape point. */
  private uses: number[] = [];
  private wayEdgeLists = new Map<number, WayEdge[]>();
  private restrictionPaths: RestrictionPath[] = [];
  /** OSM way ids whose edges are kept for restriction resolving (all when undefined). */
  trackWays: Set<number> | undefined = new Set();
  waysAdded = 0;

  /** Index of a node by key (OSM id or coordinate key); created on first use. */
  node(key: string | number, lat: number, lon: number): number {
    let i = this.nodeOf(key);
    if (i === undefined) {
      i = this.lat.length;
      this.lat.push(Math.round(lat * 1e7) / 1e7);
      this.lon.push(Math.round(lon * 1e7) / 1e7);
      this.uses.push(0);
      if (typeof key === 'number') this.idToNode.set(key, i);
      else this.coordToNode.set(key, i);
    }
    return i;
  }

  /** The node of a key, if some way used it. */
  nodeOf(key: string | number): number | undefined {
    return typeof key === 'number' ? this.idToNode.get(key) : this.coordToNode.get(key);
  }

  /** Node keyed by its coordinates (GeoJSON input without node ids). */
  coordNode(lat: number, lon: number): number {
    const la = Math.round(lat * 1e7);
    const lo = Math.round(lon * 1e7);
    return this.node(`${la},${lo}`, lat, lon);
  }

  setNodeFlags(node: number, bits: number): void {
    this.nodeFlagBits.set(node, (this.nodeFlagBits.get(node) ?? 0) | bits);
  }

  /** The directed edges a tracked OSM way produced, in way order per piece. */
  wayEdges(wayId: number): readonly WayEdge[] | undefined {
    return this.wayEdgeLists.get(wayId);
  }

  addRestriction(edges: number[], kind: number, condition?: string): void {
    this.restrictionPaths.push({ edges, kind, condition });
  }

  addWay(nodes: number[], attrs: WayAttributes, wayId?: number): void {
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
    let carSpeed = attrs.speedCar;
    let truckSpeed = attrs.speedTruck;
    if (attrs.ferry && attrs.ferryDuration && attrs.ferryDuration > 0 && total > 0) {
      const s = Math.max(1, Math.min(255, Math.round((total / attrs.ferryDuration) * 3.6)));
      if (carSpeed > 0) carSpeed = s;
      if (truckSpeed > 0) truckSpeed = s;
    }
    const base =
      (attrs.toll ? FLAG_TOLL : 0) | (attrs.ferry ? FLAG_FERRY : 0) | (attrs.tunnel ? FLAG_TUNNEL : 0) | (attrs.bridge ? FLAG_BRIDGE : 0);
    const track = wayId !== undefined && (this.trackWays === undefined || this.trackWays.has(wayId));
    const attrsIndex = this.attrList.push(attrs) - 1;
    let list: WayEdge[] | undefined;
    if (track) {
      list = this.wayEdgeLists.get(wayId) ?? [];
      this.wayEdgeLists.set(wayId, list);
    }
    const dirs = [0, 1].map((d) => {
      const car = attrs.car[d];
      const truck = attrs.truck[d];
      const flags = base | (car === 'dest' ? FLAG_DEST_CAR : 0) | (truck === 'dest' ? FLAG_DEST_TRUCK : 0);
      return {
        on: car !== 'no' || truck !== 'no',
        speedCar: car === 'no' ? 0 : carSpeed,
        speedTruck: truck === 'no' ? 0 : truckSpeed,
        flags,
      };
    });
    nodes.forEach((n, i) => (this.uses[n] += i === 0 || i === nodes.length - 1 ? 2 : 1));
    // the forward piece before this one (continued by it) and the backward one (continuing it)
    let prev = [-1, -1];
    for (let i = 0; i + 1 < nodes.length; i++) {
      if (nodes[i] === nodes[i + 1]) {
        prev = [-1, -1];
        continue;
      }
      for (let d = 0; d < 2; d++) {
        if (!dirs[d].on) continue;
        const [u, v] = d === 0 ? [nodes[i], nodes[i + 1]] : [nodes[i + 1], nodes[i]];
        const { speedCar, speedTruck, flags } = dirs[d];
        const p = this.edges.add(u, v, lens[i], attrsIndex, speedCar, speedTruck, flags, d === 0 ? -1 : prev[1]);
        list?.push({ u, v, edge: p });
        if (d === 0 && prev[0] >= 0) this.edges.next[prev[0]] = p;
        prev[d] = p;
      }
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
    return this.edges.count;
  }

  /** Nodes that stay graph nodes: all, or all but the shape points of chains. */
  private keptNodes(compress: boolean): Uint8Array {
    const keep = new Uint8Array(this.lat.length);
    if (!compress) return keep.fill(1);
    for (let x = 0; x < keep.length; x++) if (this.uses[x] !== 1) keep[x] = 1;
    for (const x of this.nodeFlagBits.keys()) keep[x] = 1;
    // a restriction's path turns only at graph nodes
    for (const r of this.restrictionPaths) for (let i = 0; i + 1 < r.edges.length; i++) keep[this.edges.v[r.edges[i]]] = 1;
    return keep;
  }

  build(opts: BuildOptions = {}): GraphData {
    const { u: tail, v: headOf, next, len: pieceLen, count } = this.edges;
    const keep = this.keptNodes(opts.compress !== false);
    // what only adding ways needed goes before the graph's arrays come: build() is the last call
    this.idToNode = new IdMap();
    this.coordToNode = new Map();
    this.uses = [];
    this.wayEdgeLists = new Map();
    const first = findChains({ count, tail: (p) => tail[p], head: (p) => headOf[p], next: (p) => next[p] }, keep);
    const m = first.length;
    // per chain (edge before CSR order): end node, length, shape points; per piece: its chain
    const chainHead = new Uint32Array(m);
    const chainLen = new Float64Array(m);
    const shapeCount = new Uint32Array(m);
    const chainOf = new Uint32Array(count);
    for (let c = 0; c < m; c++) {
      let q = first[c];
      let len = 0;
      for (;;) {
        chainOf[q] = c;
        len += pieceLen[q];
        if (keep[headOf[q]]) break;
        shapeCount[c]++;
        q = next[q];
      }
      chainHead[c] = headOf[q];
      chainLen[c] = len;
    }
    // keep only nodes used by edges, renumber in order of first use
    const used = new Int32Array(this.lat.length).fill(-1);
    let n = 0;
    for (let c = 0; c < m; c++) {
      const u = tail[first[c]];
      const v = chainHead[c];
      if (used[u] === -1) used[u] = n++;
      if (used[v] === -1) used[v] = n++;
    }
    const lat = new Float64Array(n);
    const lon = new Float64Array(n);
    const nodeFlags = new Uint8Array(n);
    for (let i = 0; i < used.length; i++) {
      if (used[i] >= 0) {
        lat[used[i]] = this.lat[i];
        lon[used[i]] = this.lon[i];
        nodeFlags[used[i]] = this.nodeFlagBits.get(i) ?? 0;
      }
    }
    const firstOut = new Uint32Array(n + 1);
    for (let c = 0; c < m; c++) firstOut[used[tail[first[c]]] + 1]++;
    for (let i = 0; i < n; i++) firstOut[i + 1] += firstOut[i];
    const pos = firstOut.slice(0, n);
    const finalIndex = new Uint32Array(m);
    for (let c = 0; c < m; c++) finalIndex[c] = pos[used[tail[first[c]]]]++;
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
    const shapeStart = new Uint32Array(m + 1);
    for (let c = 0; c < m; c++) shapeStart[finalIndex[c] + 1] = shapeCount[c];
    for (let k = 0; k < m; k++) shapeStart[k + 1] += shapeStart[k];
    const shapeLat = new Float64Array(shapeStart[m]);
    const shapeLon = new Float64Array(shapeStart[m]);
    for (let c = 0; c < m; c++) {
      const e = first[c];
      const k = finalIndex[c];
      const a = this.attrList[this.edges.attrs[e]];
      const sc = this.edges.speedCar[e];
      const st = this.edges.speedTruck[e];
      head[k] = used[chainHead[c]];
      length[k] = chainLen[c];
      speedCar[k] = sc;
      speedTruck[k] = st;
      roadClass[k] = a.roadClass;
      flags[k] = this.edges.flags[e] | (sc > 0 ? FLAG_CAR : 0) | (st > 0 ? FLAG_TRUCK : 0);
      maxspeed[k] = a.maxspeed;
      maxweight[k] = a.maxweight;
      maxheight[k] = a.maxheight;
      maxwidth[k] = a.maxwidth;
      maxlength[k] = a.maxlength;
      nameIdx[k] = this.nameIndex(a.name);
      let s = shapeStart[k];
      for (let q = first[c]; !keep[headOf[q]]; q = next[q]) {
        shapeLat[s] = this.lat[headOf[q]];
        shapeLon[s++] = this.lon[headOf[q]];
      }
    }
    // a restriction's pieces inside one chain are one edge of it
    const pieceIndex = new Uint32Array(count);
    for (let p = 0; p < count; p++) pieceIndex[p] = finalIndex[chainOf[p]];
    const bbox = boundsOf(lat, lon);
    const utcOffsetMinutes = opts.utcOffsetMinutes ?? (n > 0 ? Math.round((bbox.minLon + bbox.maxLon) / 2 / 15) * 60 : 0);
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
      nodeFlags,
      shapeStart,
      shapeLat,
      shapeLon,
      restrictions: restrictionArrays(this.restrictionPaths, pieceIndex),
    };
  }
}

function boundsOf(lat: Float64Array, lon: Float64Array): BBox {
  if (lat.length === 0) return { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 };
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < lat.length; i++) {
    if (lat[i] < minLat) minLat = lat[i];
    if (lat[i] > maxLat) maxLat = lat[i];
    if (lon[i] < minLon) minLon = lon[i];
    if (lon[i] > maxLon) maxLon = lon[i];
  }
  return { minLat, minLon, maxLat, maxLon };
}
