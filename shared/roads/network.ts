/** A loaded road network: snapping, matrices, routes, isochrones and map matching. */
import type { CHProgress } from './ch-build';
import { ContractionHierarchy } from './ch-query';
import { searcherFor, type Searcher, type Seed, type Weights } from './dijkstra';
import { fillMatrix } from './matrix';
import { routeLeg } from './route';
import { RoadGraph, type GraphData } from './graph';
import { isochrone as isochroneImpl } from './isochrone';
import { mapMatch as mapMatchImpl } from './mapmatch/index';
import { MetricCache } from './metric-cache';
import type { MetricEntry, RoadView, StoredHierarchies } from './ports';
import { encodePolyline } from './polyline';
import { direct, sourceSeeds, targetSeeds } from './seeds';
import { curbApproach, snapHeading } from './snapping';
import { SegmentIndex, type Phantom } from './spatial';
import type { LatLon } from '../geo/types';
import {
  ROAD_AT_DISTANCE_M,
  SNAP_DISTANCE_M,
  PointTooFarError,
  RoutingInputError,
  type IsochroneOptions,
  type IsochroneResult,
  type MapMatchOptions,
  type MapMatchResult,
  type MatrixOptions,
  type MatrixResult,
  type Profile,
  type RouteOptions,
  type RoadAt,
  type RouteResult,
  type SnappedLocation,
  type TracePoint,
  type TravelOptions,
} from './types';

export { SNAP_DISTANCE_M };
/** Strongly connected components smaller than this (nodes) are only snapped to when nothing larger is in range. */
export const SMALL_COMPONENT_NODES = 1000;
/** Below this many sources a matrix on an uncached metric uses one Dijkstra per source. */
export const DIJKSTRA_MATRIX_MAX_SOURCES = 40;
/** A network covers points up to this far outside its bounding box (metres). */
export const COVER_MARGIN_M = 100;
/**
 * Routes on one metric answered by Dijkstra before its hierarchy is built. A city-wide Dijkstra
 * route takes about 5-15 ms against well under 1 ms on the hierarchy, whose build costs about
 * one second of CPU: a process that keeps routing on a metric (a warm function) pays it once,
 * one that routes a handful of times never does.
 */
export const ROUTES_BEFORE_HIERARCHY = 32;

export interface NetworkMatrixOptions extends MatrixOptions {
  /** Force an algorithm (mainly for tests and benchmarks). */
  method?: 'auto' | 'ch' | 'dijkstra';
}

export interface NetworkRouteOptions extends RouteOptions {
  /** 'auto' (default) uses the hierarchy when one is cached for the metric (building it after ROUTES_BEFORE_HIERARCHY routes), else Dijkstra. */
  method?: 'auto' | 'ch' | 'dijkstra';
  /** 'duration' (default, fastest) or 'distance' (shortest; always Dijkstra, the hierarchies are built on time). */
  minimise?: 'duration' | 'distance';
  /** Per point: snap only to a road whose direction is within `range` degrees of `bearing`. */
  bearings?: Array<{ bearing: number; range: number } | undefined>;
  /** Multiply the cost of these edges (and their twins) by `factor`, e.g. to find an alternative to a known route (Dijkstra). */
  penalty?: { edges: Iterable<number>; factor: number };
}

export class Network implements RoadView {
  readonly graph: RoadGraph;
  readonly index: SegmentIndex;
  private readonly metrics: MetricCache;

  /** `stored`: hierarchies built ahead of time for this artefact (loadNetwork finds its sidecars). */
  constructor(data: GraphData, stored?: StoredHierarchies) {
    this.graph = new RoadGraph(data);
    this.index = new SegmentIndex(this.graph);
    this.metrics = new MetricCache(this.graph, this.index, stored);
  }

  get name(): string {
    return this.graph.name;
  }

  get bbox() {
    return this.graph.bbox;
  }

  get nodeCount(): number {
    return this.graph.nodeCount;
  }

  get edgeCount(): number {
    return this.graph.edgeCount;
  }

  /** True when the point lies inside the network's bounding box grown by COVER_MARGIN_M. */
  covers(p: LatLon): boolean {
    const b = this.bbox;
    const dLat = COVER_MARGIN_M / 111_195;
    const dLon = dLat / Math.max(0.01, Math.cos((((b.minLat + b.maxLat) / 2) * Math.PI) / 180));
    return p.lat >= b.minLat - dLat && p.lat <= b.maxLat + dLat && p.lon >= b.minLon - dLon && p.lon <= b.maxLon + dLon;
  }

  /** @internal shared search object of the weights' turn graph (single-threaded use). */
  search(W: Weights): Searcher {
    return searcherFor(this.graph, W.topo);
  }

  /** @internal metric (and cached hierarchy) for the options. */
  metricFor(o: TravelOptions): MetricEntry {
    return this.metrics.get(o);
  }

  /** Build (or fetch) the contraction hierarchy for these options; onProgress sees the build. */
  prepare(o: TravelOptions = {}, onProgress?: (p: CHProgress) => void): PreparedHierarchy {
    const m = this.metricFor(o);
    return prepared(this.metrics.hierarchy(m, onProgress));
  }

  /** As `prepare`, a hierarchy to build built in `parts` parts at once (ch-parallel.ts). */
  async prepareInParts(o: TravelOptions, parts: number, onProgress?: (p: CHProgress) => void): Promise<PreparedHierarchy> {
    return prepared(await this.metrics.hierarchyInParts(this.metricFor(o), parts, onProgress));
  }

  private chFor(m: MetricEntry): ContractionHierarchy {
    return this.metrics.hierarchy(m);
  }

  /** @internal segment usable by the profile under the metric, in either direction. */
  usableSegment(e: number, cost: Float64Array): boolean {
    const t = this.graph.twin[e];
    return cost[e] < Infinity || (t >= 0 && cost[t] < Infinity);
  }

  /** Snap candidates around a point (nearest first), big components preferred. */
  candidates(p: LatLon, o: TravelOptions, radius: number, limit: number): Phantom[] {
    const cost = this.metricFor(o).metric.cost;
    const g = this.graph;
    const minSize = Math.min(SMALL_COMPONENT_NODES, g.largestComponent);
    const big = (e: number) => g.inComponentOf(e, minSize);
    let c = o.snapToAnyComponent ? [] : this.index.nearest(p.lat, p.lon, radius, limit, (e) => big(e) && this.usableSegment(e, cost));
    if (c.length === 0) c = this.index.nearest(p.lat, p.lon, radius, limit, (e) => this.usableSegment(e, cost));
    return c;
  }

  /** Snap one point; throws PointTooFarError beyond the snap distance. */
  snap(p: LatLon, o: TravelOptions = {}, index = 0): Phantom {
    if (!Number.isFinite(p?.lat) || !Number.isFinite(p?.lon) || Math.abs(p.lat) > 90 || Math.abs(p.lon) > 180)
      throw new RoutingInputError(`location ${index} is not a valid coordinate`);
    const max = o.maxSnapDistance ?? SNAP_DISTANCE_M;
    const c = this.candidates(p, o, max, 1);
    if (c.length === 0) throw new PointTooFarError(index, p, Infinity, max);
    return c[0];
  }

  /**
   * The road a point is on: the nearest segment within `maxMeters`, whatever
   * the profile (a speed limit applies to everyone on the road), or undefined.
   */
  roadAt(lat: number, lon: number, maxMeters = ROAD_AT_DISTANCE_M): RoadAt | undefined {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
    const [ph] = this.index.nearest(lat, lon, maxMeters, 1, () => true);
    if (!ph) return undefined;
    const kmh = this.graph.data.maxspeed[ph.edge];
    return {
      maxspeed: kmh > 0 ? kmh : undefined,
      distance: ph.dist,
      location: { lat: ph.lat, lon: ph.lon },
      name: this.graph.edgeName(ph.edge),
      network: this.name,
    };
  }

  /** @internal seeds to leave a phantom. */
  sourceSeeds(ph: Phantom, W: Weights): Seed[] {
    return sourceSeeds(this.graph, ph, W);
  }

  /** @internal offsets to reach a phantom from turn-graph states. */
  targetSeeds(ph: Phantom, W: Weights): Seed[] {
    return targetSeeds(this.graph, ph, W);
  }

  /** @internal direct travel between two phantoms on the same segment, or null. */
  direct(a: Phantom, b: Phantom, W: Weights): { cost: number; dur: number; len: number } | null {
    return direct(this.graph, a, b, W);
  }

  private snapAll(points: LatLon[], o: TravelOptions, offset = 0): Phantom[] {
    return points.map((p, i) => this.approach(this.snap(p, o, i + offset), p, o, i + offset));
  }

  /** Curb approach of a snapped point (snapping.ts). */
  approach(ph: Phantom, p: LatLon, o: TravelOptions, index: number): Phantom {
    return curbApproach(this.graph, this.metricFor(o).metric.cost, ph, p, o.approaches?.[index] === 'curb');
  }

  private snapHeading(p: LatLon, o: TravelOptions, index: number, want: { bearing: number; range: number }): Phantom {
    return snapHeading(this.graph, this.index, this.metricFor(o).metric.cost, p, o.maxSnapDistance ?? SNAP_DISTANCE_M, index, want);
  }

  /** Duration/distance matrix. Targets default to the sources (square matrix). */
  matrix(points: LatLon[], o: NetworkMatrixOptions = {}): MatrixResult {
    const targetsIn = o.targets ?? points;
    const S = points.length;
    const T = targetsIn.length;
    const me = this.metricFor(o);
    const src = this.snapAll(points, o);
    const tgt = o.targets ? this.snapAll(targetsIn, o, S) : src;
    const outDur = new Float64Array(S * T);
    // without soft penalties cost and duration are the same numbers: share the array (saves 8 bytes per cell)
    const outCost = me.metric.penalised ? new Float64Array(S * T) : outDur;
    const outLen = new Float64Array(S * T);
    const method = o.method ?? 'auto';
    const useCH = method === 'ch' || (method === 'auto' && (me.ch !== undefined || S > DIJKSTRA_MATRIX_MAX_SOURCES));
    fillMatrix(this, src, tgt, me.byCost, useCH ? this.chFor(me) : undefined, { cost: outCost, dur: outDur, len: outLen });
    return {
      sourceCount: S,
      targetCount: T,
      durations: outDur,
      distances: outLen,
      fallback: false,
      warnings: [],
      network: this.name,
      method: useCH ? 'ch-buckets' : 'dijkstra',
    };
  }

  /** Snap info for API responses. */
  snappedLocation(p: LatLon, ph: Phantom, index: number): SnappedLocation {
    return { index, input: { lat: p.lat, lon: p.lon }, location: { lat: ph.lat, lon: ph.lon }, distance: ph.dist };
  }

  /** Point-to-point route through the given waypoints (at least 2). */
  route(points: LatLon[], o: NetworkRouteOptions = {}): RouteResult {
    if (points.length < 2) throw new RoutingInputError('a route needs at least two locations');
    const me = this.metricFor(o);
    const shortest = o.minimise === 'distance';
    const base = shortest ? me.byLength : me.byCost;
    const W = o.penalty ? { ...base, w: this.penalised(base.w, o.penalty) } : base;
    const ph = points.map((p, i) =>
      this.approach(o.bearings?.[i] ? this.snapHeading(p, o, i, o.bearings[i]!) : this.snap(p, o, i), p, o, i),
    );
    const coords: Array<[number, number]> = [[ph[0].lat, ph[0].lon]];
    const legs: RouteResult['legs'] = [];
    const method = shortest || o.penalty ? 'dijkstra' : (o.method ?? 'auto');
    const routed = method === 'auto' ? (me.routes = (me.routes ?? 0) + 1) : 0;
    const ch = method === 'ch' || (method === 'auto' && (me.ch || routed > ROUTES_BEFORE_HIERARCHY)) ? this.chFor(me) : undefined;
    for (let k = 0; k + 1 < ph.length; k++) {
      const leg = routeLeg(this, ph[k], ph[k + 1], W, ch, k);
      for (const c of leg.coordinates.slice(1)) coords.push(c);
      legs.push(leg);
    }
    // drop consecutive duplicates
    const clean: Array<[number, number]> = [];
    for (const c of coords) {
      const l = clean[clean.length - 1];
      if (!l || Math.abs(l[0] - c[0]) > 1e-9 || Math.abs(l[1] - c[1]) > 1e-9) clean.push(c);
    }
    if (clean.length === 1) clean.push([clean[0][0], clean[0][1]]);
    const precision = o.precision ?? 5;
    return {
      distance: legs.reduce((a, l) => a + l.distance, 0),
      duration: legs.reduce((a, l) => a + l.duration, 0),
      legs,
      geometry: encodePolyline(clean, precision),
      precision,
      coordinates: clean,
      snapped: ph.map((p, i) => this.snappedLocation(points[i], p, i)),
      network: this.name,
    };
  }

  private penalised(base: Float64Array, p: { edges: Iterable<number>; factor: number }): Float64Array {
    const out = Float64Array.from(base);
    const twin = this.graph.twin;
    for (const e of p.edges) {
      out[e] = base[e] * p.factor;
      if (twin[e] >= 0) out[twin[e]] = base[twin[e]] * p.factor;
    }
    return out;
  }

  isochrone(origin: LatLon, o: IsochroneOptions): IsochroneResult {
    return isochroneImpl(this, origin, o);
  }

  mapMatch(trace: TracePoint[], o: MapMatchOptions = {}): MapMatchResult {
    return mapMatchImpl(this, trace, o);
  }

  profileOf(o: TravelOptions): Profile {
    return o.profile ?? 'car';
  }
}

/** What `prepare` tells of a hierarchy: its size, its build (or read) time, and where it came from. */
export interface PreparedHierarchy {
  shortcuts: number;
  /** Edges dropped after the build as longer than a path between their ends (ch-prune.ts). */
  longEdgesDropped: number;
  buildMs: number;
  loaded: boolean;
}

function prepared(ch: ContractionHierarchy): PreparedHierarchy {
  const { shortcuts, longEdgesDropped = 0, buildMs, loaded } = ch.stats;
  return { shortcuts, longEdgesDropped, buildMs, loaded: loaded === true };
}
