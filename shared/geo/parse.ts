import { boxAreaKm2 } from './area';
import { MAX_SEARCH_AREA_KM2 } from './constants';
import { badRequest } from './errors';
import { validatePolygon, type ValidatedPolygon } from './polygon';
import type { LatLon, LonLat, LonLatBox } from './types';

const NUM = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses "lat,lon" (spaces around the parts tolerated). Rules, each named in the 400 message:
 * exactly two comma-separated decimal numbers; latitude in [-90, 90]; longitude in [-180, 180].
 */
export function parseLatLon(text: string, field = 'location'): LatLon {
  if (typeof text !== 'string' || text.trim() === '') {
    throw badRequest('invalid_coordinate', `${field} is required and must be "lat,lon"`);
  }
  const parts = text.split(',');
  if (parts.length !== 2) {
    throw badRequest('invalid_coordinate', `${field} must be "lat,lon" (two numbers separated by one comma); got "${truncate(text)}"`);
  }
  const [a, b] = parts.map((p) => p.trim());
  if (!NUM.test(a) || !NUM.test(b)) {
    throw badRequest('invalid_coordinate', `${field} must be "lat,lon" with decimal numbers; got "${truncate(text)}"`);
  }
  const lat = Number(a),
    lon = Number(b);
  if (lat < -90 || lat > 90) {
    throw badRequest(
      'coordinate_out_of_range',
      `${field}: latitude ${a} is out of range; latitude must be between -90 and 90 (format is "lat,lon")`,
    );
  }
  if (lon < -180 || lon > 180) {
    throw badRequest(
      'coordinate_out_of_range',
      `${field}: longitude ${b} is out of range; longitude must be between -180 and 180 (format is "lat,lon")`,
    );
  }
  return { lat, lon };
}

export interface LatLonListOptions {
  /** Minimum number of points (default 1). */
  min?: number;
  /** Maximum number of points (default unlimited). */
  max?: number;
}

/** Parses pipe-separated "lat,lon|lat,lon|...". Errors name the item index: `locations[2]: ...`. */
export function parseLatLonList(text: string, field = 'locations', options: LatLonListOptions = {}): LatLon[] {
  if (typeof text !== 'string' || text.trim() === '') {
    throw badRequest('invalid_coordinate', `${field} is required: pipe-separated "lat,lon" pairs, e.g. "52.5,13.4|48.1,11.6"`);
  }
  const items = text.split('|');
  const min = options.min ?? 1;
  if (items.length < min) {
    throw badRequest('invalid_argument', `${field} has ${items.length} points; at least ${min} are required`);
  }
  if (options.max !== undefined && items.length > options.max) {
    throw badRequest('invalid_argument', `${field} has ${items.length} points; at most ${options.max} are allowed`);
  }
  return items.map((s, i) => parseLatLon(s, `${field}[${i}]`));
}

/**
 * Parses a search bound "swlat,swlon|nelat,nelon" (south-west corner, then north-east corner).
 * South must be below north. West > east is accepted and means the box crosses the antimeridian.
 * Area over `maxAreaKm2` (default 3000, inclusive limit) -> 400.
 */
export function parseBound(
  text: string,
  field = 'bound',
  maxAreaKm2: number | null = MAX_SEARCH_AREA_KM2,
): { box: LonLatBox; areaKm2: number } {
  const pts = parseLatLonList(text, field, { min: 2, max: 2 });
  const [sw, ne] = pts;
  if (!(sw.lat < ne.lat)) {
    throw badRequest(
      'invalid_argument',
      `${field}: the south-west latitude ${sw.lat} must be less than the north-east latitude ${ne.lat} (format "swlat,swlon|nelat,nelon")`,
    );
  }
  if (sw.lon === ne.lon) {
    throw badRequest('invalid_argument', `${field}: the south-west and north-east longitudes are equal; the box has no width`);
  }
  const box: LonLatBox = { west: sw.lon, south: sw.lat, east: ne.lon, north: ne.lat };
  const areaKm2 = boxAreaKm2(box);
  if (maxAreaKm2 !== null && areaKm2 > maxAreaKm2) {
    throw badRequest('area_too_large', `${field}: area is ${areaKm2.toFixed(1)} km2; it must be at most ${maxAreaKm2} km2`, { areaKm2 });
  }
  return { box, areaKm2 };
}

/**
 * GET /search/polygon form: "lat,lon|lat,lon|...|first" (first equals last, at least 4 points).
 * Converted to a [lon, lat] ring and validated like a geofence polygon, but every defect is a
 * 400 and the area limit is 3000 km2 inclusive.
 */
export function parseSearchPolygon(text: string, field = 'polygon', maxAreaKm2 = MAX_SEARCH_AREA_KM2): ValidatedPolygon {
  const pts = parseLatLonList(text, field, { min: 1 });
  const ring: LonLat[] = pts.map((p) => [p.lon, p.lat]);
  return validatePolygon(
    { type: 'Polygon', coordinates: [ring] },
    {
      field,
      maxAreaKm2,
      areaLimitInclusive: true,
      defectStatus: 400,
    },
  );
}

/**
 * POST /search/polygon body form: `polygon{type, coordinates}` with GeoJSON rings of [lon, lat]
 * (three levels), a bare ring (two levels) or a flat number list [lon, lat, lon, lat, ...].
 * Same rules as parseSearchPolygon.
 */
export function validateSearchPolygon(input: unknown, field = 'polygon', maxAreaKm2 = MAX_SEARCH_AREA_KM2): ValidatedPolygon {
  return validatePolygon(input, { field, maxAreaKm2, areaLimitInclusive: true, defectStatus: 400 });
}

function truncate(s: string): string {
  return s.length > 64 ? `${s.slice(0, 61)}...` : s;
}
