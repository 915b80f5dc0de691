/**
 * Road classes, default speeds per profile, OSM tag interpretation and
 * time-of-day traffic factors. All numbers here are documented in
 * shared/roads/README.md#profiles-and-speeds.
 */
import type { Profile } from './types';

export const ROAD_CLASSES = [
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'track',
  'ferry',
] as const;
export type RoadClass = (typeof ROAD_CLASSES)[number];
export const ROAD_CLASS_INDEX: Record<string, number> = Object.fromEntries(ROAD_CLASSES.map((c, i) => [c, i]));

/** Default speeds in km/h when a way has no usable maxspeed tag. */
export const DEFAULT_SPEEDS: Record<Profile, Record<RoadClass, number>> = {
  car: {
    motorway: 110,
    motorway_link: 60,
    trunk: 90,
    trunk_link: 50,
    primary: 70,
    primary_link: 45,
    secondary: 60,
    secondary_link: 40,
    tertiary: 50,
    tertiary_link: 35,
    unclassified: 40,
    residential: 30,
    living_street: 10,
    service: 15,
    road: 30,
    track: 15,
    ferry: 20,
  },
  truck: {
    motorway: 80,
    motorway_link: 50,
    trunk: 70,
    trunk_link: 45,
    primary: 60,
    primary_link: 40,
    secondary: 50,
    secondary_link: 35,
    tertiary: 45,
    tertiary_link: 30,
    unclassified: 35,
    residential: 25,
    living_street: 10,
    service: 12,
    road: 25,
    track: 10,
    ferry: 20,
  },
};

/** Maximum speed of each profile (caps maxspeed tags), km/h. */
export const PROFILE_MAX_SPEED: Record<Profile, number> = { car: 130, truck: 80 };

/** Classes counted as "highway" by avoid=highway. */
export const HIGHWAY_CLASSES: ReadonlySet<number> = new Set(
  ['motorway', 'motorway_link', 'trunk', 'trunk_link'].map((c) => ROAD_CLASS_INDEX[c]),
);

/** Soft-avoid penalty: travel cost of an avoided edge = its duration * factor (reported durations stay real). */
export const AVOID_PENALTY_FACTOR = 5;

/** Edge flag bits. */
export const FLAG_TOLL = 1;
export const FLAG_FERRY = 2;
export const FLAG_CAR = 4;
export const FLAG_TRUCK = 8;
/** OSM `tunnel=*` (other than `no`): avoidable as the road kind `tunnel`. */
export const FLAG_TUNNEL = 16;
/** The mode may use the edge only at a route's start or end (`access=destination`, `delivery`). */
export const FLAG_DEST_CAR = 32;
export const FLAG_DEST_TRUCK = 64;
/** OSM `bridge=*` (other than `no`): route reports say whether a route crosses one. */
export const FLAG_BRIDGE = 128;

/** Node flag bits (GraphData.nodeFlags): a barrier the mode may not pass, a place to turn round. */
export const NODE_BARRIER_CAR = 1;
export const NODE_BARRIER_TRUCK = 2;
/** `highway=turning_circle|turning_loop` (and similar): a u-turn is a normal manoeuvre here. */
export const NODE_UTURN = 4;

/** Turn restriction kind bits (GraphData.restrictions.kind). */
export const RESTRICT_ONLY = 1;
export const RESTRICT_CAR = 2;
export const RESTRICT_TRUCK = 4;

/** Implicit Swedish/European maxspeed zone codes, km/h. */
const ZONE_SPEEDS: Record<string, number> = {
  urban: 50,
  rural: 80,
  motorway: 110,
  trunk: 90,
  living_street: 10,
  walk: 7,
};

/** Parse an OSM maxspeed value to km/h; undefined when not usable. */
export function parseMaxspeed(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const s = v.trim().toLowerCase();
  if (s === 'none' || s === 'signals' || s === 'variable') return undefined;
  const m = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|knots)?/.exec(s);
  if (m) {
    const n = Number(m[1]);
    if (!(n > 0)) return undefined;
    return m[2] === 'mph' ? n * 1.609344 : m[2] === 'knots' ? n * 1.852 : n;
  }
  const z = /^[a-z]{2}:([a-z_]+)/.exec(s);
  if (z && ZONE_SPEEDS[z[1]] !== undefined) return ZONE_SPEEDS[z[1]];
  return undefined;
}

/** Parse weights (tonnes, or 'lbs'/'kg' suffixes) to tonnes. */
export function parseWeight(v: string | undefined): number {
  if (!v) return 0;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(t|kg|lbs|st)?\s*$/i.exec(v);
  if (!m) return 0;
  const n = Number(m[1]);
  const u = (m[2] ?? 't').toLowerCase();
  if (u === 'kg') return n / 1000;
  if (u === 'lbs') return n * 0.00045359237;
  if (u === 'st') return n * 0.90718474;
  return n;
}

/** Parse lengths (metres, or feet'inches") to metres. */
export function parseLength(v: string | undefined): number {
  if (!v) return 0;
  const s = v.trim();
  const ft = /^(\d+(?:\.\d+)?)'\s*(?:(\d+(?:\.\d+)?)")?$/.exec(s);
  if (ft) return Number(ft[1]) * 0.3048 + Number(ft[2] ?? 0) * 0.0254;
  const m = /^(\d+(?:\.\d+)?)\s*(m|ft|cm)?$/i.exec(s);
  if (!m) return 0;
  const n = Number(m[1]);
  const u = (m[2] ?? 'm').toLowerCase();
  return u === 'ft' ? n * 0.3048 : u === 'cm' ? n / 100 : n;
}

// ---------------------------------------------------------------------------
// Traffic: time-of-day factors (duration multipliers) per road class group.

export type TrafficPeriod = 'free' | 'night' | 'am_peak' | 'midday' | 'pm_peak' | 'evening' | 'weekend';

/** Groups: 0 = motorway/trunk (+links), 1 = primary/secondary (+links), 2 = tertiary and below, ferry = 1.0 always. */
export const TRAFFIC_FACTORS: Record<TrafficPeriod, [number, number, number]> = {
  free: [1, 1, 1],
  night: [1, 1, 1],
  am_peak: [1.45, 1.35, 1.15],
  midday: [1.15, 1.15, 1.05],
  pm_peak: [1.6, 1.45, 1.2],
  evening: [1.05, 1.05, 1.0],
  weekend: [1.1, 1.1, 1.05],
};

export function trafficGroup(roadClass: number): number {
  const c = ROAD_CLASSES[roadClass];
  if (c === 'ferry') return -1;
  if (c.startsWith('motorway') || c.startsWith('trunk')) return 0;
  if (c.startsWith('primary') || c.startsWith('secondary')) return 1;
  return 2;
}

/**
 * Period for a Unix timestamp, in local time given by utcOffsetMinutes.
 * Weekdays: 22-06 night, 06-09 am_peak, 09-15 midday, 15-18 pm_peak, 18-22 evening.
 * Saturday/Sunday: 09-18 weekend, otherwise night.
 */
export function trafficPeriod(timestamp: number | undefined, utcOffsetMinutes: number): TrafficPeriod {
  if (timestamp === undefined || !Number.isFinite(timestamp)) return 'free';
  const local = new Date((timestamp + utcOffsetMinutes * 60) * 1000);
  const h = local.getUTCHours();
  const dow = local.getUTCDay();
  if (dow === 0 || dow === 6) return h >= 9 && h < 18 ? 'weekend' : 'night';
  if (h >= 22 || h < 6) return 'night';
  if (h < 9) return 'am_peak';
  if (h < 15) return 'midday';
  if (h < 18) return 'pm_peak';
  return 'evening';
}
