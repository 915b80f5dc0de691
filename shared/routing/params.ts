import { z } from 'zod';
import { queryBoolean } from '../platform/schemas';
import { invalid } from '../platform/errors';
import { parseTruck, roadKind, turnKind, turnOptions } from './options';
import type { LatLon } from '../geo/types';
import type { AvoidOptions, BBox, Profile, RoadEdits, RoadKind, TravelOptions, TurnKind } from '../roads/types';

// The routing API's query conventions (points "lat,lng" joined by "|", options joined by "|" or
// ";") parsed into the engine's types, with messages that name the rule broken.

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

function point(text: string): LatLon | string {
  const parts = text.split(',');
  if (parts.length !== 2 || !parts.every((p) => NUMBER.test(p))) return `"${text.slice(0, 40)}" is not "lat,lng"`;
  const [lat, lon] = parts.map(Number);
  if (lat < -90 || lat > 90) return `latitude ${lat} is outside -90..90`;
  if (lon < -180 || lon > 180) return `longitude ${lon} is outside -180..180`;
  return { lat, lon };
}

/** One "lat,lng". */
export const latLng = z.string().transform((v, ctx) => {
  const p = point(v);
  if (typeof p === 'string') {
    ctx.addIssue({ code: 'custom', message: `must be "lat,lng": ${p}` });
    return z.NEVER;
  }
  return p;
});

/** "lat,lng|lat,lng|..." with at least `min` and at most `max` points. */
export const latLngList = (min: number, max: number) =>
  z.string().transform((v, ctx) => {
    const out: LatLon[] = [];
    const parts = v.split('|');
    for (let i = 0; i < parts.length; i++) {
      const p = point(parts[i]);
      if (typeof p === 'string') {
        ctx.addIssue({ code: 'custom', message: `point ${i} must be "lat,lng": ${p}` });
        return z.NEVER;
      }
      out.push(p);
    }
    if (out.length < min || out.length > max) {
      ctx.addIssue({ code: 'custom', message: `must hold ${min} to ${max} points "lat,lng" joined by "|" (got ${out.length})` });
      return z.NEVER;
    }
    return out;
  });

/** Numbers joined by `separator`, each within [min, max]. */
export const numberList = (separator: string, min: number, max: number) =>
  z.string().transform((v, ctx) => {
    const out = v.split(separator).map((x) => x.trim());
    for (const x of out) {
      if (!NUMBER.test(x) || Number(x) < min || Number(x) > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be numbers from ${min} to ${max} joined by "${separator}" (got "${x.slice(0, 20)}")`,
        });
        return z.NEVER;
      }
    }
    return out.map(Number);
  });

export const mode = z.enum(['car', 'truck']);

/** true/false: a JSON boolean in a body, its string form (or 1/0) in a query. */
export const flag = z.union([z.boolean(), queryBoolean]);

/** A number: a JSON number in a body, its decimal string in a query. */
export const numeric = (pattern: RegExp, rule: string) => z.union([z.number(), z.string().regex(pattern, rule).transform(Number)]);

/** A `bbox:minLat,minLon,maxLat,maxLon` value (lower case) as a box, or undefined when malformed. */
function boxOf(lower: string): BBox | undefined {
  const p = lower
    .slice(5)
    .split(',')
    .map((x) => x.trim());
  if (p.length !== 4 || !p.every((x) => NUMBER.test(x))) return undefined;
  const [a, b, c, d] = p.map(Number);
  return { minLat: Math.min(a, c), minLon: Math.min(b, d), maxLat: Math.max(a, c), maxLon: Math.max(b, d) };
}

/** Stored geofences one request may avoid: each is a polygon tested against every candidate edge. */
export const MAX_AVOID_GEOFENCES = 20;

/** What an `avoid` list asks: the engine's road options, the turn kinds to avoid, and stored geofences to read. */
export interface AvoidRequest {
  avoid: AvoidOptions;
  turns: TurnKind[];
  /** Ids of `geofence_id:<id>` values, looked up in the caller's space before routing (avoid-areas.ts). */
  geofenceIds: string[];
}

/** What an `exclude` list asks (hard): road kinds and turn kinds. */
export interface ExcludeRequest {
  kinds: Partial<Record<RoadKind, boolean>>;
  turns: TurnKind[];
}

const GEOFENCE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The values of `avoid` joined by "|". The client's docs call `avoid` a flexible filter ("if no
 * alternative routes exist, the service will still provide a route that includes the objects"),
 * so toll, ferry, highway, service_road and the turn kinds are soft; they name bbox, tunnel and
 * geofence_id as the exceptions ("the service will return an error in case there are no
 * alternative routes"), so those are hard: boxes and geofences as areas no edge may enter,
 * tunnels as an excluded road kind. `none` stands alone.
 */
function readAvoid(v: string, ctx: z.RefinementCtx, withPlaces: boolean): AvoidRequest {
  const values = v.split('|').map((x) => x.trim());
  const out: AvoidRequest = { avoid: {}, turns: [], geofenceIds: [] };
  const boxes: BBox[] = [];
  const places = withPlaces ? ', tunnel, bbox:minLat,minLon,maxLat,maxLon, geofence_id:<id>' : '';
  for (const value of values) {
    const lower = value.toLowerCase();
    const kind = roadKind(lower);
    if (kind) out.avoid[kind] = true;
    else if (turnKind(lower)) out.turns.push(turnKind(lower)!);
    else if (lower === 'none') {
      if (values.length > 1) ctx.addIssue({ code: 'custom', message: '"none" cannot be combined with other values' });
    } else if (withPlaces && lower === 'tunnel') out.avoid.exclude = { ...out.avoid.exclude, tunnel: true };
    else if (withPlaces && lower.startsWith('bbox:')) {
      const box = boxOf(lower);
      if (box) boxes.push(box);
      else ctx.addIssue({ code: 'custom', message: 'a box must be "bbox:minLat,minLon,maxLat,maxLon"' });
    } else if (withPlaces && lower.startsWith('geofence_id:')) {
      // Ids keep their case: geofence ids are case-sensitive.
      const id = value.slice('geofence_id:'.length).trim();
      if (GEOFENCE_ID.test(id)) out.geofenceIds.push(id);
      else
        ctx.addIssue({
          code: 'custom',
          message: `"${value.slice(0, 40)}" must be "geofence_id:<id>" with the id of a stored geofence (letters, digits, "-", "_")`,
        });
    } else
      ctx.addIssue({
        code: 'custom',
        message: `"${value.slice(0, 30)}" is not supported; use toll, ferry, highway, service_road, uturn, sharp_turn, left_turn, right_turn${places} or none`,
      });
  }
  if (boxes.length) out.avoid.bboxes = boxes;
  out.geofenceIds = [...new Set(out.geofenceIds)];
  if (out.geofenceIds.length > MAX_AVOID_GEOFENCES)
    ctx.addIssue({
      code: 'custom',
      message: `at most ${MAX_AVOID_GEOFENCES} geofence_id values per request (got ${out.geofenceIds.length})`,
    });
  return out;
}

/** `avoid` of directions and matrices: road kinds and turns (soft), tunnels, boxes and geofences (hard). */
export const avoidParam = z.string().transform((v, ctx) => readAvoid(v, ctx, true));

/**
 * `exclude` (hard): toll, ferry, highway, service_road, the turn kinds or none, joined by "|": no
 * route uses such a road or makes such a turn, and no point snaps to such a road.
 */
export const excludeParam = z.string().transform((v, ctx): ExcludeRequest => {
  const read = readAvoid(v, ctx, false);
  return { kinds: read.avoid, turns: read.turns };
});

/** `bearings`: "deg,range" per point joined by ";", an empty entry for a point without one. */
export const bearingsParam = z.string().transform((v, ctx) => {
  const out: Array<{ bearing: number; range: number } | undefined> = [];
  for (const part of v.split(';')) {
    if (part.trim() === '') {
      out.push(undefined);
      continue;
    }
    const p = part.split(',');
    const [bearing, range] = p.map(Number);
    if (p.length !== 2 || !p.every((x) => NUMBER.test(x)) || bearing < 0 || bearing > 360 || range < 0 || range > 180) {
      ctx.addIssue({ code: 'custom', message: `"${part.slice(0, 20)}" must be "degrees,range" with degrees 0-360 and range 0-180` });
      return z.NEVER;
    }
    out.push({ bearing, range });
  }
  return out;
});

/** `approaches` of snapping: only "unrestricted" (a trace gives its own direction of travel). */
export const approachesParam = z.string().refine((v) => v.split(';').every((x) => x === '' || x === 'unrestricted'), {
  message: 'only "unrestricted" is supported here: this operation does not use the side of the road',
});

/** The stops' sides of the road: "curb" or "unrestricted" (or empty) per stop, joined by ";"; undefined = unrestricted. */
export const curbApproaches = z
  .string()
  .regex(/^(unrestricted|curb)?(;(unrestricted|curb)?)*$/, 'must be "curb" or "unrestricted" per stop, joined by ";"')
  .transform((v) => v.split(';').map((x) => (x === 'curb' ? ('curb' as const) : undefined)));

/** One side of the road for every point of a list (the asynchronous matrix's `origins_approach`, `destinations_approach`). */
export const sideParam = z.enum(['unrestricted', 'curb']);

/** A field of the public API that needs data or behaviour Waymark does not have. */
export const unsupported = (why: string) =>
  z
    .unknown()
    .refine((v) => v === undefined, { message: `is not supported by Waymark: ${why}` })
    .optional();

export const truckFields = {
  truck_size: z
    .string()
    .regex(/^\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?$/, 'must be "height,width,length" in centimetres')
    .refine((v) => {
      const [h, w, l] = v.split(',').map(Number);
      return h <= 1000 && w <= 5000 && l <= 5000;
    }, 'height must be at most 1000 cm, width and length at most 5000 cm')
    .optional(),
  truck_weight: numeric(/^\d+(\.\d+)?$/, 'must be a number of kilograms')
    .pipe(z.number().min(0).max(100_000))
    .optional(),
  truck_axle_load: unsupported('the road graph holds no axle load limits'),
  hazmat_type: unsupported('the road graph holds no hazardous goods restrictions'),
  emission_class: unsupported('the road graph holds no low-emission zones'),
};

export const departureTime = numeric(/^\d{1,11}$/, 'must be Unix seconds')
  .pipe(z.number().int().min(0).max(99_999_999_999))
  .optional();

/** `turn_angle_range` (0-180, with avoid or exclude sharp_turn); options.ts sharpTurnAngle says how the engine reads it. */
export const turnAngleRange = z
  .union([z.number(), z.string()])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : NUMBER.test(v) ? Number(v) : NaN;
    if (n >= 0 && n <= 180) return n;
    ctx.addIssue({ code: 'custom', message: 'must be degrees from 0 to 180' });
    return z.NEVER;
  })
  .optional();

/** An area to avoid: GeoJSON Polygon coordinates, as AvoidOptions.areas holds them. */
export type AvoidArea = Array<Array<[number, number]>>;

export interface TravelParams {
  mode?: Profile;
  avoid?: AvoidRequest;
  /** Road and turn kinds not used at all (directions' `exclude`). */
  exclude?: ExcludeRequest;
  turn_angle_range?: number;
  /** The shapes of `avoid`'s geofence ids, read from the caller's space (avoid-areas.ts). */
  avoid_areas?: AvoidArea[];
  truck_size?: string;
  truck_weight?: number;
  departure_time?: number;
  /** The caller's road editor restrictions in force at the departure (road-edits.ts). */
  road_edits?: RoadEdits;
}

/**
 * The engine options of a request; truck dimensions count only for the truck profile. A request
 * naming geofences must have had them read (avoid_areas): routing without them would drive
 * through the areas the caller asked to avoid.
 */
export function travelOptions(p: TravelParams, defaultAvoid: AvoidOptions = {}): TravelOptions {
  const profile = p.mode ?? 'car';
  const avoid: AvoidOptions = { ...(p.avoid?.avoid ?? defaultAvoid) };
  if (p.exclude) avoid.exclude = { ...avoid.exclude, ...p.exclude.kinds };
  if ((p.avoid?.geofenceIds.length ?? 0) > 0) {
    if (!p.avoid_areas)
      throw invalid(
        'avoid',
        'geofence_id is not available here: geofences are read only by directions and the distance matrix called directly',
      );
    avoid.areas = p.avoid_areas;
  }
  const turns = turnOptions(p.avoid?.turns ?? [], p.exclude?.turns ?? [], p.turn_angle_range);
  return {
    profile,
    avoid,
    ...(turns ? { turns } : {}),
    truck: profile === 'truck' ? parseTruck(p.truck_size, p.truck_weight) : undefined,
    trafficTimestamp: p.departure_time,
    ...(p.road_edits ? { edits: p.road_edits } : {}),
  };
}
