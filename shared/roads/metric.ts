/** Per-query edge weights: travel cost (what the search minimises), duration and validity. */
import { someSegment } from './shape';
import { areasKey, prepareArea, segmentTouchesAreas } from './area-avoid';
import { truckExceeds, type MatchedEdits } from './edits';
import { bboxContains } from './geo';
import type { RoadGraph } from './graph';
import {
  AVOID_PENALTY_FACTOR,
  FLAG_FERRY,
  FLAG_TOLL,
  FLAG_TUNNEL,
  HIGHWAY_CLASSES,
  ROAD_CLASS_INDEX,
  TRAFFIC_FACTORS,
  trafficGroup,
  trafficPeriod,
  type TrafficPeriod,
} from './profiles';
import type { BBox, Profile, RoadKind, TravelOptions, TruckSpec } from './types';

const SERVICE_CLASS = ROAD_CLASS_INDEX.service;

export interface Metric {
  key: string;
  profile: Profile;
  period: TrafficPeriod;
  /** Seconds the search minimises (duration + soft penalties); Infinity = edge unusable. */
  cost: Float64Array;
  /** Seconds of real travel time. */
  duration: Float64Array;
  /** True when cost differs from duration somewhere (soft penalties active). */
  penalised: boolean;
}

function truckKey(t: TruckSpec | undefined): string {
  if (!t) return '';
  return [t.weightKg ?? 0, t.heightCm ?? 0, t.widthCm ?? 0, t.lengthCm ?? 0].join(',');
}

/** The road kinds, one bit each in edgeKinds, with their letter in a metric key. */
const KIND_BITS = [
  ['toll', 't'],
  ['highway', 'h'],
  ['ferry', 'f'],
  ['serviceRoad', 's'],
  ['tunnel', 'u'],
] as const satisfies ReadonlyArray<readonly [RoadKind, string]>;

/** The road kinds edge e is of, as KIND_BITS bits. */
function edgeKinds(g: RoadGraph, e: number): number {
  const d = g.data;
  return (
    (d.flags[e] & FLAG_TOLL ? 1 : 0) |
    (HIGHWAY_CLASSES.has(d.roadClass[e]) ? 2 : 0) |
    (d.flags[e] & FLAG_FERRY ? 4 : 0) |
    (d.roadClass[e] === SERVICE_CLASS ? 8 : 0) |
    (d.flags[e] & FLAG_TUNNEL ? 16 : 0)
  );
}

/** The road kinds set in `kinds`, as KIND_BITS bits. */
function kindBits(kinds: Partial<Record<RoadKind, boolean>> | undefined): number {
  return KIND_BITS.reduce((bits, [k], i) => (kinds?.[k] ? bits | (1 << i) : bits), 0);
}

/** Per graph and profile: the road kinds of at least one edge the profile may drive. */
const presentKinds = new WeakMap<RoadGraph, Record<Profile, number>>();

export function kindsPresent(g: RoadGraph, profile: Profile): number {
  let bits = presentKinds.get(g);
  if (!bits) {
    bits = { car: 0, truck: 0 };
    for (let e = 0; e < g.edgeCount; e++) {
      if (g.data.speedCar[e] > 0) bits.car |= edgeKinds(g, e);
      if (g.data.speedTruck[e] > 0) bits.truck |= edgeKinds(g, e);
    }
    presentKinds.set(g, bits);
  }
  return bits[profile];
}

const kindLetters = (bits: number) => KIND_BITS.map(([, letter], i) => (bits & (1 << i) ? letter : '')).join('');

/**
 * The cache key of a metric. Avoiding or excluding a road kind no edge of the profile is of leaves
 * every weight as it was, so it is left out: such options share the plain metric and its
 * contraction hierarchy (directions avoid ferries by default, and many networks have none).
 * An excluded kind makes its avoid moot.
 */
export function metricKey(g: RoadGraph, o: TravelOptions): string {
  const profile = o.profile ?? 'car';
  const period = trafficPeriod(o.trafficTimestamp, g.data.meta.utcOffsetMinutes);
  const present = kindsPresent(g, profile);
  const hard = kindBits(o.avoid?.exclude) & present;
  const soft = kindBits(o.avoid) & present & ~hard;
  const boxes = (o.avoid?.bboxes ?? []).map((b) => `${b.minLat},${b.minLon},${b.maxLat},${b.maxLon}`).join(';');
  return `${profile}|${period}|${profile === 'truck' ? truckKey(o.truck) : ''}|${kindLetters(soft)}${kindLetters(hard).toUpperCase()}|${boxes}|${areasKey(o.avoid?.areas)}|${o.edits?.key ?? ''}`;
}

/** Whether a truck with these dimensions may use edge e (legal limits). */
export function truckAllowed(g: RoadGraph, e: number, t: TruckSpec | undefined): boolean {
  if (!t) return true;
  const d = g.data;
  const w = (t.weightKg ?? 0) / 1000;
  if (w > 0 && d.maxweight[e] > 0 && w > d.maxweight[e] + 1e-9) return false;
  const h = (t.heightCm ?? 0) / 100;
  if (h > 0 && d.maxheight[e] > 0 && h > d.maxheight[e] + 1e-9) return false;
  const wd = (t.widthCm ?? 0) / 100;
  if (wd > 0 && d.maxwidth[e] > 0 && wd > d.maxwidth[e] + 1e-9) return false;
  const l = (t.lengthCm ?? 0) / 100;
  if (l > 0 && d.maxlength[e] > 0 && l > d.maxlength[e] + 1e-9) return false;
  return true;
}

/** True when segment (lat1,lon1)-(lat2,lon2) has a point inside the box (Liang-Barsky clipping). */
export function segmentTouchesBox(b: BBox, lat1: number, lon1: number, lat2: number, lon2: number): boolean {
  if (bboxContains(b, lat1, lon1) || bboxContains(b, lat2, lon2)) return true;
  let t0 = 0;
  let t1 = 1;
  const dx = lon2 - lon1;
  const dy = lat2 - lat1;
  const p = [-dx, dx, -dy, dy];
  const q = [lon1 - b.minLon, b.maxLon - lon1, lat1 - b.minLat, b.maxLat - lat1];
  for (let i = 0; i < 4; i++) {
    if (p[i] === 0) {
      if (q[i] < 0) return false;
    } else {
      const r = q[i] / p[i];
      if (p[i] < 0) {
        if (r > t1) return false;
        if (r > t0) t0 = r;
      } else {
        if (r < t0) return false;
        if (r < t1) t1 = r;
      }
    }
  }
  return t0 <= t1;
}

/** `edits`: the road editor's changes for this profile (edits.ts), already matched to the graph. */
export function buildMetric(g: RoadGraph, o: TravelOptions, edits?: MatchedEdits): Metric {
  const d = g.data;
  const m = g.edgeCount;
  const profile: Profile = o.profile ?? 'car';
  const period = trafficPeriod(o.trafficTimestamp, d.meta.utcOffsetMinutes);
  const factors = TRAFFIC_FACTORS[period];
  const speeds = profile === 'car' ? d.speedCar : d.speedTruck;
  const boxes = o.avoid?.bboxes ?? [];
  const areas = (o.avoid?.areas ?? []).map(prepareArea);
  const soft = kindBits(o.avoid);
  const hard = kindBits(o.avoid?.exclude);
  const truck = profile === 'truck' ? o.truck : undefined;
  const cost = new Float64Array(m);
  const duration = new Float64Array(m);
  let penalised = false;
  const groupOf = new Int8Array(32);
  for (let c = 0; c < 32; c++) groupOf[c] = c < 17 ? trafficGroup(c) : 2;
  for (let e = 0; e < m; e++) {
    let s = speeds[e];
    if (edits && s > 0) s = editedSpeed(edits, e, s);
    if (s === 0) {
      cost[e] = Infinity;
      duration[e] = Infinity;
      continue;
    }
    const grp = groupOf[d.roadClass[e]];
    const f = grp < 0 ? 1 : factors[grp];
    // a fixed speed is what the fleet drives there at any hour: no time-of-day factor
    const dur = (d.length[e] / (s / 3.6)) * (edits?.fixedSpeed.has(e) ? 1 : f);
    duration[e] = dur;
    let c = dur;
    if (truck && !truckAllowed(g, e, truck)) c = Infinity;
    if (edits && (edits.closed.has(e) || (truck && edits.truckLimits.has(e) && truckExceeds(truck, edits.truckLimits.get(e)!))))
      c = Infinity;
    if (boxes.length > 0 && c !== Infinity && someSegment(g, e, (...s) => boxes.some((b) => segmentTouchesBox(b, ...s)))) c = Infinity;
    if (areas.length > 0 && c !== Infinity && someSegment(g, e, (...s) => segmentTouchesAreas(areas, ...s))) c = Infinity;
    const kinds = soft | hard ? edgeKinds(g, e) : 0;
    if (kinds & hard) c = Infinity;
    if (c !== Infinity && kinds & soft) {
      c = dur * AVOID_PENALTY_FACTOR;
      penalised = true;
    }
    cost[e] = c;
  }
  return { key: metricKey(g, o), profile, period, cost, duration, penalised };
}

/** An edge's speed under the editor's fixed speeds and caps. */
function editedSpeed(edits: MatchedEdits, e: number, speed: number): number {
  const fixed = edits.fixedSpeed.get(e);
  const cap = edits.maxSpeed.get(e);
  return Math.min(fixed ?? speed, cap ?? Infinity);
}
