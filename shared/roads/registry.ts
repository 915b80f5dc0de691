/** Loaded regions; picks the network whose bounding box covers a request. */
import { bboxArea } from './geo';
import { greatCircleMatrix } from './fallback';
import type { Network, NetworkMatrixOptions, NetworkRouteOptions } from './network';
import type { LatLon } from '../geo/types';
import {
  NoNetworkCoverageError,
  RoutingInputError,
  type IsochroneOptions,
  type IsochroneResult,
  type MapMatchOptions,
  type MapMatchResult,
  type MatrixResult,
  type RoadAt,
  type RouteResult,
  type TracePoint,
} from './types';

export class NetworkRegistry {
  private nets = new Map<string, Network>();

  add(net: Network): this {
    this.nets.set(net.name, net);
    return this;
  }

  remove(name: string): boolean {
    return this.nets.delete(name);
  }

  get(name: string): Network | undefined {
    return this.nets.get(name);
  }

  list(): Network[] {
    return [...this.nets.values()];
  }

  get size(): number {
    return this.nets.size;
  }

  /** Smallest network whose bounding box contains every point, or undefined. */
  find(points: LatLon[]): Network | undefined {
    let best: Network | undefined;
    for (const n of this.nets.values()) {
      if (!points.every((p) => n.covers(p))) continue;
      if (!best || bboxArea(n.bbox) < bboxArea(best.bbox)) best = n;
    }
    return best;
  }

  /** The road a point is on (Network.roadAt) in the smallest covering network that has one near it. */
  roadAt(p: LatLon, maxMeters?: number): RoadAt | undefined {
    const covering = this.list()
      .filter((n) => n.covers(p))
      .sort((a, b) => bboxArea(a.bbox) - bboxArea(b.bbox));
    for (const n of covering) {
      const r = n.roadAt(p.lat, p.lon, maxMeters);
      if (r) return r;
    }
    return undefined;
  }

  /** Matrix on the covering network, else the flagged great-circle fallback. */
  matrix(points: LatLon[], o: NetworkMatrixOptions = {}): MatrixResult {
    const net = this.find(o.targets ? [...points, ...o.targets] : points);
    if (net) return net.matrix(points, o);
    return greatCircleMatrix(points, { profile: o.profile, targets: o.targets });
  }

  route(points: LatLon[], o: NetworkRouteOptions = {}): RouteResult {
    const net = this.find(points);
    if (!net)
      throw new NoNetworkCoverageError(
        points.find((p) => !this.list().some((n) => n.covers(p))),
        'these locations',
      );
    return net.route(points, o);
  }

  /** Throws NoNetworkCoverageError (answer 422) when nothing covers the origin. */
  isochrone(origin: LatLon, o: IsochroneOptions): IsochroneResult {
    const net = this.find([origin]);
    if (!net) throw new NoNetworkCoverageError(origin);
    return net.isochrone(origin, o);
  }

  /** Uses the network covering the most trace points; throws NoNetworkCoverageError when none covers any. */
  mapMatch(trace: TracePoint[], o: MapMatchOptions = {}): MapMatchResult {
    if (trace.length === 0) throw new RoutingInputError('empty trace');
    let best: Network | undefined;
    let bestCount = 0;
    for (const n of this.nets.values()) {
      const c = trace.reduce((a, p) => a + (n.covers(p) ? 1 : 0), 0);
      if (c > bestCount) {
        best = n;
        bestCount = c;
      }
    }
    if (!best) throw new NoNetworkCoverageError(trace[0], 'this trace');
    return best.mapMatch(trace, o);
  }
}
