import { z } from 'zod';
import { ApiError, conflict } from '../platform/errors';
import { parseWith } from '../platform/validate';
import { pointRules, type LocationInput } from './schemas';
import type { TrackingContext } from './service';
import { uploadTrack, type TrackResult } from './track';

// The OsmAnd protocol (the Traccar Client and OsmAnd phone apps): one point per request, every
// value a string in the query or a form body, the device named by `id`. Each report becomes a
// one-point upload of the asset bound to that device, so it goes through the same validation,
// history (a resent buffer is stored once: one point per asset and timestamp), monitors and trips
// as POST /asset/{id}/track. docs/api/tracking.md#phones-osmand-protocol.

/** Knots to metres per second: Traccar Client sends knots, as Traccar's own server expects. */
const KNOT_MS = 1852 / 3600;
const SPEED_UNITS = { kn: KNOT_MS, mps: 1, kmh: 1 / 3.6 } as const;

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const decimal = z.string({ message: 'is required' }).trim().regex(NUMBER, 'must be a decimal number').transform(Number);

const UNIX_S = /^\d{1,11}(\.\d+)?$/;
const UNIX_MS = /^\d{12,13}$/;
// A zone is required: a local time without one would be read in the server's zone.
const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;

/** Unix seconds (as the apps send), Unix milliseconds, or an ISO 8601 date-time with a zone, to ms. */
export const osmandTimestamp = z
  .string({ message: 'is required' })
  .trim()
  .transform((v, ctx) => {
    const ms = UNIX_S.test(v) ? Math.round(Number(v) * 1000) : UNIX_MS.test(v) ? Number(v) : ISO.test(v) ? Date.parse(v) : NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'must be Unix seconds, Unix milliseconds or an ISO 8601 date-time with a zone' });
      return z.NEVER;
    }
    return ms;
  })
  .pipe(pointRules.timestamp);

const optional = (rule: z.ZodType<number, number>) => decimal.pipe(rule).optional();

/** A report as the apps send it; other parameters (hdop, charge, motion...) are ignored. */
export const osmandReport = z.object({
  id: z.string({ message: 'is required' }).trim().min(1).max(128),
  lat: decimal.pipe(pointRules.lat),
  lon: decimal.pipe(pointRules.lon),
  timestamp: osmandTimestamp,
  // every unit converts to at most as many metres per second, so the upload's own bound holds after it
  speed: optional(pointRules.speed),
  bearing: optional(pointRules.bearing),
  heading: optional(pointRules.bearing),
  altitude: optional(pointRules.altitude),
  accuracy: optional(pointRules.accuracy),
  batt: optional(pointRules.battery_level),
  speed_unit: z.enum(['kn', 'mps', 'kmh']).optional(),
});

export type OsmandReport = z.output<typeof osmandReport>;

/** The report's point in the upload's shape; speed converted to metres per second. */
export function osmandPoint(r: OsmandReport): LocationInput {
  const point: LocationInput = { location: { lat: r.lat, lon: r.lon }, timestamp: r.timestamp };
  if (r.speed !== undefined) point.speed = r.speed * SPEED_UNITS[r.speed_unit ?? 'kn'];
  const bearing = r.bearing ?? r.heading;
  if (bearing !== undefined) point.bearing = bearing;
  if (r.altitude !== undefined) point.altitude = r.altitude;
  if (r.accuracy !== undefined) point.accuracy = r.accuracy;
  if (r.batt !== undefined) point.battery_level = r.batt;
  return point;
}

/** A reading of the JSON body as numbers, dropping the -1 the apps send for "unknown". */
const known = (v: unknown): string | undefined => (typeof v === 'number' && v >= 0 ? String(v) : undefined);

/**
 * Traccar Client 9 posts JSON instead: {device_id, location: {timestamp (ISO), coords: {latitude,
 * longitude, speed (m/s), heading, altitude, accuracy}, battery: {level (0-1)}}}. Turned into the
 * protocol's parameters so one schema checks both; null when the body is not that shape.
 */
export function traccarJsonParams(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object') return null;
  const { device_id, location } = body as { device_id?: unknown; location?: unknown };
  const loc = location as { timestamp?: unknown; coords?: Record<string, unknown>; battery?: { level?: unknown } } | undefined;
  if (!loc || typeof loc !== 'object' || !loc.coords || typeof loc.coords !== 'object') return null;
  const c = loc.coords;
  const level = loc.battery?.level;
  const out: Record<string, unknown> = {
    id: device_id,
    lat: c.latitude === undefined ? undefined : String(c.latitude),
    lon: c.longitude === undefined ? undefined : String(c.longitude),
    timestamp: loc.timestamp === undefined ? undefined : String(loc.timestamp),
    speed: known(c.speed),
    speed_unit: 'mps',
    bearing: known(c.heading),
    altitude: typeof c.altitude === 'number' ? String(c.altitude) : undefined,
    accuracy: known(c.accuracy),
    batt: typeof level === 'number' && level >= 0 ? String(Math.round(level * 1000) / 10) : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * Parses the parameters (query and form body merged; the body wins) and uploads the point as the
 * asset bound to the device. 400 names the parameter; 404 for a device bound to no asset.
 */
export async function ingestOsmand(ctx: TrackingContext, space: string, params: Record<string, unknown>): Promise<TrackResult> {
  // Field names are the protocol's, unprefixed ("lat: is required"), as the phone app shows them.
  const report = parseWith(osmandReport, params, 'body');
  const assetId = await assetOfDevice(ctx, space, report.id);
  return uploadTrack(ctx, space, assetId, { device_id: report.id, locations: [osmandPoint(report)] }).catch((e: unknown) => {
    throw asParameter(e);
  });
}

/** The upload names its one point `locations[0]`; a phone knows only its own parameter names. */
function asParameter(e: unknown): unknown {
  const prefix = 'locations[0].';
  if (!(e instanceof ApiError) || !e.field?.startsWith(prefix)) return e;
  return new ApiError(e.status, e.message.replace(prefix, ''), { field: e.field.slice(prefix.length), headers: e.headers });
}

async function assetOfDevice(ctx: TrackingContext, space: string, deviceId: string): Promise<string> {
  const ids = await ctx.store.assetsOfDevice(space, deviceId);
  if (ids.length === 0) {
    throw new ApiError(
      404,
      `id: device "${deviceId}" is bound to no asset of this key's space; bind it with POST /skynet/asset/{asset id}/bind {"device_id": "${deviceId}"}`,
      { field: 'id' },
    );
  }
  if (ids.length > 1) {
    throw conflict(`id: device "${deviceId}" is bound to several assets (${ids.slice(0, 5).join(', ')}); bind it to one only`, 'id');
  }
  return ids[0];
}
