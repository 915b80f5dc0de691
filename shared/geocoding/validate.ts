// Parsing and validation of search bodies. Every error is a GeocodeValidationError (an
// ApiError with status 400) whose message names the field and the rule broken.

import { ApiError } from '../platform/errors';
import type { GeoPoint, SearchRequest } from './types';

export const MAX_QUERY_LENGTH = 256;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
export const MAX_RADIUS_METERS = 20_037_509; // half the Earth's circumference
export const MAX_BATCH_QUERIES = 100;

export class GeocodeValidationError extends ApiError {
  constructor(field: string, rule: string) {
    super(400, `${field}: ${rule}`, { field });
    this.name = 'GeocodeValidationError';
  }
}

function fail(field: string, rule: string): never {
  throw new GeocodeValidationError(field, rule);
}

/**
 * Radius with unit: "5000m", "5km", "1.5 km", case-insensitive. A bare number (or numeric
 * string) is metres. Returns metres; must be > 0 and <= 20,037,509 m.
 */
export function parseRadius(value: unknown, field = 'radius'): number {
  let meters: number;
  if (typeof value === 'number') {
    meters = value;
  } else if (typeof value === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(m|km)?\s*$/i.exec(value);
    if (!m) fail(field, `must be a distance with unit m or km, e.g. "5000m" or "5km" (got ${JSON.stringify(value)})`);
    meters = Number(m[1]) * (m[2] && m[2].toLowerCase() === 'km' ? 1000 : 1);
  } else {
    fail(field, 'must be a string with unit m or km, e.g. "5000m" or "5km"');
  }
  if (!Number.isFinite(meters) || meters <= 0) fail(field, 'must be greater than 0');
  if (meters > MAX_RADIUS_METERS) fail(field, `must be at most ${MAX_RADIUS_METERS}m`);
  return meters;
}

/**
 * Country filter: ISO 3166 alpha-3 codes, comma-separated ("USA,CAN") or an array; returned
 * upper-cased and de-duplicated. `isKnown` (optional) rejects codes not in the dataset.
 */
export function parseCountries(value: unknown, isKnown?: (alpha3: string) => boolean, field = 'country'): string[] {
  let parts: unknown[];
  if (typeof value === 'string') parts = value.split(',');
  else if (Array.isArray(value)) parts = value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  else fail(field, 'must be a comma-separated list of ISO 3166 alpha-3 codes, e.g. "USA,CAN"');
  const out: string[] = [];
  for (const p of parts) {
    if (typeof p !== 'string') fail(field, 'must contain only ISO 3166 alpha-3 codes');
    const code = p.trim().toUpperCase();
    if (!code) continue;
    if (!/^[A-Z]{3}$/.test(code)) fail(field, `"${p.trim()}" is not an ISO 3166 alpha-3 code (three letters, e.g. "USA")`);
    if (isKnown && !isKnown(code)) fail(field, `"${code}" is not a known ISO 3166 alpha-3 country code`);
    if (!out.includes(code)) out.push(code);
  }
  if (!out.length) fail(field, 'must contain at least one ISO 3166 alpha-3 code');
  return out;
}

/** Focus point: {lat, lng} (also {lat, lon}) or the string "lat,lng". */
export function parseAt(value: unknown, field = 'at'): GeoPoint {
  let lat: unknown;
  let lng: unknown;
  if (typeof value === 'string') {
    const parts = value.split(',');
    if (parts.length !== 2) fail(field, 'must be {lat, lng} or the string "lat,lng"');
    lat = parts[0].trim() === '' ? NaN : Number(parts[0]);
    lng = parts[1].trim() === '' ? NaN : Number(parts[1]);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    lat = typeof o.lat === 'string' && o.lat.trim() !== '' ? Number(o.lat) : o.lat;
    const rawLng = o.lng ?? o.lon;
    lng = typeof rawLng === 'string' && rawLng.trim() !== '' ? Number(rawLng) : rawLng;
  } else {
    fail(field, 'must be {lat, lng} or the string "lat,lng"');
  }
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90)
    fail(`${field}.lat`, 'must be a number between -90 and 90');
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180)
    fail(`${field}.lng`, 'must be a number between -180 and 180');
  return { lat, lng };
}

export function parseLimit(value: unknown, field = 'limit'): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_LIMIT) {
    fail(field, `must be an integer between 1 and ${MAX_LIMIT}`);
  }
  return n;
}

function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(field, 'must be a string');
  const t = v.trim();
  if (t.length > MAX_QUERY_LENGTH) fail(field, `must be at most ${MAX_QUERY_LENGTH} characters`);
  return t || undefined;
}

export interface ParseOptions {
  /** Rejects alpha-3 codes absent from the dataset (the default index passes its table). */
  isKnownCountry?: (alpha3: string) => boolean;
  /** Prefix for field names in messages, e.g. "queries[3]." for batch items. */
  fieldPrefix?: string;
}

/** Validates a POST /multigeocode/search body. Empty or missing `query` -> 400. */
export function parseSearchBody(body: unknown, options: ParseOptions = {}): SearchRequest {
  const px = options.fieldPrefix ?? '';
  if (!body || typeof body !== 'object' || Array.isArray(body)) fail(px ? px.replace(/\.$/, '') : 'body', 'must be a JSON object');
  const b = body as Record<string, unknown>;
  const wrap = <T>(fn: () => T): T => {
    if (!px) return fn();
    try {
      return fn();
    } catch (e) {
      if (e instanceof GeocodeValidationError)
        throw new GeocodeValidationError(px + (e.field ?? ''), e.message.slice((e.field ?? '').length + 2));
      throw e;
    }
  };
  return wrap(() => {
    if (b.query === undefined || b.query === null) fail('query', 'is required');
    if (typeof b.query !== 'string') fail('query', 'must be a string');
    // a trailing space is kept (as one): it tells that the last word is complete, not a prefix
    const trimmed = b.query.trim();
    const query = trimmed && /\s$/.test(b.query) ? trimmed + ' ' : trimmed;
    if (!query || !/[\p{L}\p{N}]/u.test(query)) fail('query', 'must not be empty');
    if (query.length > MAX_QUERY_LENGTH) fail('query', `must be at most ${MAX_QUERY_LENGTH} characters`);
    const req: SearchRequest = { query, limit: DEFAULT_LIMIT };
    if (b.at !== undefined && b.at !== null) req.at = parseAt(b.at);
    if (b.limit !== undefined && b.limit !== null) req.limit = parseLimit(b.limit);
    if (b.radius !== undefined && b.radius !== null && b.radius !== '') {
      req.radius = parseRadius(b.radius);
      if (!req.at) fail('radius', 'requires a focus point `at`');
    }
    if (b.country !== undefined && b.country !== null && b.country !== '') {
      req.country = parseCountries(b.country, options.isKnownCountry);
    }
    for (const f of ['state', 'city', 'street', 'district', 'subDistrict'] as const) {
      const v = optionalText(b, f);
      if (v !== undefined) req[f] = v;
    }
    return req;
  });
}

/** Batch: an array of at most 100 search bodies. Returns them (not yet validated one by one). */
export function parseBatch(value: unknown, field = 'queries'): unknown[] {
  if (!Array.isArray(value)) fail(field, 'must be an array of search bodies');
  if (value.length === 0) fail(field, 'must contain at least one query');
  if (value.length > MAX_BATCH_QUERIES) fail(field, `must contain at most ${MAX_BATCH_QUERIES} queries (got ${value.length})`);
  return value;
}
