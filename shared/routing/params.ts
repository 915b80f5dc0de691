import { z } from 'zod';
import { queryBoolean } from '../platform/schemas';
import { NO_TURN_MODEL, parseTruck, roadKind, TURN_AVOIDS } from './options';
import type { LatLon } from '../geo/types';
import type { AvoidOptions, BBox, Profile, RoadKind, TravelOptions } from '../roads/types';

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

/** What an `avoid` list asks: the engine's options, and the turn kinds it cannot honour (when kept for a warning). */
export interface AvoidRequest {
  avoid: AvoidOptions;
  turns: string[];
}

/**
 * The values of `avoid` joined by "|": toll, ferry, highway, service_road (soft: used only when
 * nothing reasonable exists), `bbox:minLat,minLon,maxLat,maxLon` (hard) or none. Turn kinds are
 * refused with the reason, or kept in `turns` when the answer has a warning field to name them in.
 */
function readAvoid(v: string, ctx: z.RefinementCtx, turns: 'refuse' | 'keep', withBoxes = true): AvoidRequest {
  const values = v.split('|').map((x) => x.trim());
  const out: AvoidRequest = { avoid: {}, turns: [] };
  const boxes: BBox[] = [];
  for (const value of values) {
    const lower = value.toLowerCase();
    const kind = roadKind(lower);
    if (kind) out.avoid[kind] = true;
    else if (lower === 'none') {
      if (values.length > 1) ctx.addIssue({ code: 'custom', message: '"none" cannot be combined with other values' });
    } else if (withBoxes && lower.startsWith('bbox:')) {
      const box = boxOf(lower);
      if (box) boxes.push(box);
      else ctx.addIssue({ code: 'custom', message: 'a box must be "bbox:minLat,minLon,maxLat,maxLon"' });
    } else if (TURN_AVOIDS.includes(lower)) {
      if (turns === 'keep') out.turns.push(lower);
      else
        ctx.addIssue({
          code: 'custom',
          message: `"${lower}" cannot be honoured: ${NO_TURN_MODEL} (turns are neither restricted nor costed); leave it out`,
        });
    } else
      ctx.addIssue({
        code: 'custom',
        message: `"${value.slice(0, 30)}" is not supported; use toll, ferry, highway, service_road${withBoxes ? ', bbox:...' : ''} or none`,
      });
  }
  if (boxes.length) out.avoid.bboxes = boxes;
  return out;
}

/** `avoid` of an operation whose answer has no warning field: a turn kind is a 400 naming it and why. */
export const avoidParam = z.string().transform((v, ctx) => readAvoid(v, ctx, 'refuse').avoid);

/** `avoid` of an operation whose answer has a `warning` field: turn kinds are accepted and kept to be named there. */
export const avoidParamWarned = z.string().transform((v, ctx) => readAvoid(v, ctx, 'keep'));

/**
 * `exclude` (hard): toll, ferry, highway, service_road or none, joined by "|": no route uses such a
 * road and no point snaps to one. Turn kinds are refused with the reason, as in `avoid`.
 */
export const excludeParam = z.string().transform((v, ctx): Partial<Record<RoadKind, boolean>> => readAvoid(v, ctx, 'refuse', false).avoid);

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

export interface TravelParams {
  mode?: Profile;
  avoid?: AvoidOptions;
  /** Road kinds not used at all (directions' `exclude`). */
  exclude?: Partial<Record<RoadKind, boolean>>;
  truck_size?: string;
  truck_weight?: number;
  departure_time?: number;
}

/** The engine options of a request; truck dimensions count only for the truck profile. */
export function travelOptions(p: TravelParams, defaultAvoid: AvoidOptions = {}): TravelOptions {
  const profile = p.mode ?? 'car';
  return {
    profile,
    avoid: p.exclude ? { ...(p.avoid ?? defaultAvoid), exclude: p.exclude } : (p.avoid ?? defaultAvoid),
    truck: profile === 'truck' ? parseTruck(p.truck_size, p.truck_weight) : undefined,
    trafficTimestamp: p.departure_time,
  };
}
