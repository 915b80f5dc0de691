/**
 * Isochrones: Dijkstra from the snapped origin bounded by the limit, reachable (parts of) edges
 * sampled into H3 cells, cells merged into one GeoJSON Polygon.
 */
import { cellsToMultiPolygon, getHexagonEdgeLengthAvg, gridDisk, latLngToCell, UNITS } from 'h3-js';
import type { Seed } from './dijkstra';
import { pointInPolygonXY } from '../geo/ring';
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
  const w = byTime ? me.metric.cost : me.lengthWeight;
  const ph = net.snap(origin, o, 0);
  const seeds: Seed[] = byTime
    ? net.sourceSeeds(ph, me.metric.cost, me.metric.duration)
    : net.sourceSeeds(ph, me.lengthWeight, me.metric.duration);
  const s = net.search();
  s.run(seeds, w, me.metric.duration, { maxCost: limit });

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
  cells.add(latLngToCell(ph.lat, ph.lon, res));
  // the origin's own segment, from the phantom towards each seeded node
  for (const sd of seeds) {
    const frac = sd.cost <= limit ? 1 : 0;
    const len = Math.abs(ph.t - (sd.node === ph.u ? 0 : 1)) * d.length[ph.edge];
    if (frac > 0) addLine(ph.lat, ph.lon, d.lat[sd.node], d.lon[sd.node], len, 1);
    else if (sd.cost > 0) {
      const f = Math.min(1, limit / sd.cost);
      addLine(ph.lat, ph.lon, d.lat[sd.node], d.lon[sd.node], len, f);
    }
  }
  let reachable = 0;
  for (const u of s.order) {
    const cu = s.cost[u];
    if (cu > limit) continue;
    reachable++;
    cells.add(latLngToCell(d.lat[u], d.lon[u], res));
    for (let e = d.firstOut[u]; e < d.firstOut[u + 1]; e++) {
      const we = w[e];
      if (we === Infinity) continue;
      const v = d.head[e];
      const frac = we <= 0 ? 1 : Math.min(1, (limit - cu) / we);
      if (frac <= 0) continue;
      addLine(d.lat[u], d.lon[u], d.lat[v], d.lon[v], d.length[e], frac);
    }
  }

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
