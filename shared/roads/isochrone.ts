/**
 * Isochrones: Dijkstra from the snapped origin bounded by the limit, reachable (parts of) edges
 * sampled into H3 cells, cells merged into one GeoJSON Polygon.
 */
import { cellsToMultiPolygon, getHexagonEdgeLengthAvg, gridDisk, latLngToCell, UNITS } from 'h3-js';
import { pointInPolygonXY } from '../geo/ring';
import { haversineMeters } from '../geo/sphere';
import type { RoadView } from './ports';
import type { LatLon } from '../geo/types';
import { RoutingInputError, type IsochroneOptions, type IsochroneResult } from './types';

/** Typical reach speed used only to pick the H3 resolution for time isochrones (m/min). */
const REACH_M_PER_MIN = 700;

export function resolutionFor(reachMetres: number): number {
  // aim for about 30 cells across the radius, clamp to [7, 11]
  const target = reachMetres / 30;
  for (let r = 7; r <= 11; r++) if (getHexagonEdgeLengthAvg(r, UNITS.m) <= target) return r;
  return 11;
}

function ringArea(ring: number[][]): number {
  // planar shoelace in degrees scaled by cos(lat) — only used for ratios
  let a = 0;
  const k = Math.cos(((ring[0]?.[1] ?? 0) * Math.PI) / 180);
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] * k + ring[i][0] * k) * (ring[j][1] - ring[i][1]);
  return Math.abs(a / 2);
}

export function isochrone(net: RoadView, origin: LatLon, o: IsochroneOptions): IsochroneResult {
  const byTime = o.minutes !== undefined && o.minutes !== null;
  if (!byTime && (o.meters === undefined || o.meters === null)) throw new RoutingInputError('an isochrone needs minutes or meters');
  const limit = byTime ? (o.minutes as number) * 60 : (o.meters as number);
  if (!(limit > 0) || !Number.isFinite(limit)) throw new RoutingInputError('the isochrone limit must be a positive number');
  const denoise = Math.min(1, Math.max(0, o.denoise ?? 0.5));
  const g = net.graph;
  const d = g.data;
  const me = net.metricFor(o);
  const W = byTime ? me.byCost : me.byLength;
  const w = W.w;
  const ph = net.snap(origin, o, 0);
  const s = net.search(W);
  s.run(net.sourceSeeds(ph, W), W, { maxCost: limit });

  const reach = byTime ? (o.minutes as number) * REACH_M_PER_MIN : limit;
  const res = o.h3Resolution ?? resolutionFor(reach);
  const step = getHexagonEdgeLengthAvg(res, UNITS.m) * 0.5;
  const cells = new Set<string>();
  const addLine = (lat1: number, lon1: number, lat2: number, lon2: number, metres: number, frac: number) => {
    const n = Math.max(1, Math.ceil((metres * frac) / step));
    for (let i = 0; i <= n; i++) {
      const f = (i / n) * frac;
      cells.add(latLngToCell(lat1 + (lat2 - lat1) * f, lon1 + (lon2 - lon1) * f, res));
    }
  };
  // The requested point is where the user stands, often metres off the road it snapped to: the
  // way from it to the road belongs to the area, so a map marker at the start lies inside.
  addLine(origin.lat, origin.lon, ph.lat, ph.lon, haversineMeters(origin, ph), 1);
  /** Edge e's polyline from point `from` (or the phantom when given) on, as far as `frac` of its metres. */
  const drive = (e: number, frac: number, start?: { lat: number; lon: number; seg: number; metres: number }) => {
    let budget = frac * (start ? start.metres : d.length[e]);
    let [lat1, lon1] = start ? [start.lat, start.lon] : [d.lat[g.tail[e]], d.lon[g.tail[e]]];
    for (let i = start ? start.seg + 1 : 1; i < g.pointCount(e) && budget > 0; i++) {
      const [lat2, lon2] = [g.pointLat(e, i), g.pointLon(e, i)];
      const m = haversineMeters({ lat: lat1, lon: lon1 }, { lat: lat2, lon: lon2 });
      addLine(lat1, lon1, lat2, lon2, m, m <= budget ? 1 : budget / m);
      budget -= m;
      [lat1, lon1] = [lat2, lon2];
    }
  };
  // the origin's own edge, from the phantom towards each end it may be driven to
  const along = (e: number, rest: number, seg: number) => {
    const c = rest * w[e];
    if (c === Infinity) return;
    drive(e, c <= limit ? 1 : limit / c, { lat: ph.lat, lon: ph.lon, seg, metres: rest * d.length[e] });
  };
  if (ph.side !== -1) along(ph.edge, 1 - ph.t, ph.seg);
  if (ph.side !== 1 && ph.twin >= 0) along(ph.twin, ph.t, g.pointCount(ph.twin) - 2 - ph.seg);
  // a state's label is the cost on entering its edge: the edge is reached as far as the rest allows
  const reached = new Set<number>();
  const { stateEdge } = W.topo;
  for (const st of s.order) {
    const cu = s.cost[st];
    if (cu > limit) continue;
    const e = stateEdge[st];
    const u = g.tail[e];
    if (!reached.has(u)) {
      reached.add(u);
      cells.add(latLngToCell(d.lat[u], d.lon[u], res));
    }
    const we = w[e];
    if (we === Infinity) continue;
    const v = d.head[e];
    if (cu + we <= limit && !reached.has(v)) {
      reached.add(v);
      cells.add(latLngToCell(d.lat[v], d.lon[v], res));
    }
    const frac = we <= 0 ? 1 : Math.min(1, (limit - cu) / we);
    if (frac > 0) drive(e, frac);
  }
  const reachable = reached.size;

  // connected components of cells
  const all = Array.from(cells);
  const compOf = new Map<string, number>();
  const comps: string[][] = [];
  for (const c of all) {
    if (compOf.has(c)) continue;
    const id = comps.length;
    const members: string[] = [c];
    compOf.set(c, id);
    for (let i = 0; i < members.length; i++) {
      for (const nb of gridDisk(members[i], 1)) {
        if (cells.has(nb) && !compOf.has(nb)) {
          compOf.set(nb, id);
          members.push(nb);
        }
      }
    }
    comps.push(members);
  }
  const largest = Math.max(...comps.map((c) => c.length));
  const originCell = latLngToCell(ph.lat, ph.lon, res);
  let chosen = compOf.get(originCell) ?? 0;
  if (comps[chosen].length < denoise * largest) chosen = comps.findIndex((c) => c.length === largest);
  const dropped = comps.length - 1;

  const polys = cellsToMultiPolygon(comps[chosen], true) as number[][][][];
  let poly = polys[0];
  if (polys.length > 1) {
    poly = polys.find((p) => pointInPolygonXY(p, ph.lon, ph.lat)) ?? polys.reduce((a, b) => (ringArea(b[0]) > ringArea(a[0]) ? b : a));
  }
  // denoise: fill holes smaller than denoise x outer area
  const outerArea = ringArea(poly[0]);
  const rings = [poly[0], ...poly.slice(1).filter((h) => ringArea(h) >= denoise * outerArea)];
  return {
    polygon: { type: 'Polygon', coordinates: rings },
    reachableNodes: reachable,
    h3Resolution: res,
    cellCount: comps[chosen].length,
    droppedComponents: dropped,
    network: net.name,
    origin: net.snappedLocation(origin, ph, 0),
  };
}
