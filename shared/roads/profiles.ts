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

const NO = new Set(['no', 'private', 'agricultural', 'forestry', 'delivery_no', 'emergency', 'use_sidepath']);
const YES = new Set(['yes', 'designated', 'permissive', 'destination', 'customers', 'delivery', 'permit']);

function accessDenied(tags: Record<string, string | undefined>, keys: string[]): boolean {
  // most specific key wins: the last key in `keys` given is the most specific
  for (let i = keys.length - 1; i >= 0; i--) {
    const v = tags[keys[i]];
    if (v === undefined) continue;
    if (YES.has(v)) return false;
    if (NO.has(v)) return true;
  }
  return false;
}

export interface WayAttributes {
  roadClass: number;
  /** km/h per profile, 0 when the profile may not use the way. */
  speedCar: number;
  speedTruck: number;
  /** 1 = forward only, -1 = backward only, 0 = both directions. */
  oneway: 0 | 1 | -1;
  toll: boolean;
  ferry: boolean;
  maxspeed: number;
  maxweight: number;
  maxheight: number;
  maxwidth: number;
  maxlength: number;
  name: string;
  /** Ferry crossing duration in seconds from the duration tag, when given. */
  ferryDuration?: number;
}

/**
 * Interpret OSM tags of a way. Returns null when neither profile may drive it.
 */
export function wayAttributes(tags: Record<string, string | undefined>): WayAttributes | null {
  let cls: RoadClass | undefined;
  const hw = tags.highway;
  const ferry = tags.route === 'ferry';
  if (ferry) cls = 'ferry';
  else if (hw && ROAD_CLASS_INDEX[hw] !== undefined && hw !== 'ferry') cls = hw as RoadClass;
  if (!cls) return null;
  if (tags.area === 'yes') return null;
  const carDenied = accessDenied(tags, ['access', 'vehicle', 'motor_vehicle', 'motorcar']);
  const truckDenied = accessDenied(tags, ['access', 'vehicle', 'motor_vehicle', 'goods', 'hgv']);
  if (carDenied && truckDenied) return null;
  // ferry routes without vehicle tags are often foot ferries: use only when vehicles are tagged
  if (ferry && tags.motor_vehicle !== 'yes' && tags.motorcar !== 'yes' && tags.hgv !== 'yes') return null;
  const maxspeed = parseMaxspeed(tags.maxspeed) ?? 0;
  let speedCar = DEFAULT_SPEEDS.car[cls];
  let speedTruck = DEFAULT_SPEEDS.truck[cls];
  if (maxspeed > 0) {
    speedCar = Math.min(maxspeed, PROFILE_MAX_SPEED.car);
    speedTruck = Math.min(maxspeed, speedTruck, PROFILE_MAX_SPEED.truck);
  }
  const ferryDuration = ferry ? parseDuration(tags.duration) : undefined;
  if (ferry) {
    speedCar = DEFAULT_SPEEDS.car.ferry;
    speedTruck = DEFAULT_SPEEDS.truck.ferry;
  }
  if (carDenied) speedCar = 0;
  if (truckDenied) speedTruck = 0;
  let oneway: 0 | 1 | -1 = 0;
  const ow = tags.oneway;
  if (ow === 'yes' || ow === '1' || ow === 'true') oneway = 1;
  else if (ow === '-1' || ow === 'reverse') oneway = -1;
  else if (ow === 'no' || ow === 'false' || ow === '0') oneway = 0;
  else if (tags.junction === 'roundabout' || tags.junction === 'circular' || hw === 'motorway') oneway = 1;
  return {
    roadClass: ROAD_CLASS_INDEX[cls],
    speedCar: Math.max(0, Math.min(255, Math.round(speedCar))),
    speedTruck: Math.max(0, Math.min(255, Math.round(speedTruck))),
    oneway,
    toll: tags.toll === 'yes' || tags['toll:hgv'] === 'yes',
    ferry,
    maxspeed: Math.min(255, Math.round(maxspeed)),
    maxweight: Math.max(parseWeight(tags.maxweight), 0),
    maxheight: parseLength(tags.maxheight ?? tags['maxheight:physical']),
    maxwidth: parseLength(tags.maxwidth ?? tags['maxwidth:physical']),
    maxlength: parseLength(tags.maxlength),
    name: tags.name ?? tags.ref ?? '',
    ferryDuration,
  };
}

/** Parse an OSM duration "HH:MM" or "HH:MM:SS" or minutes to seconds. */
export function parseDuration(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const p = v.split(':').map(Number);
  if (p.some((x) => !Number.isFinite(x))) return undefined;
  if (p.length === 1) return p[0] * 60;
  if (p.length === 2) return p[0] * 3600 + p[1] * 60;
  return p[0] * 3600 + p[1] * 60 + (p[2] ?? 0);
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
