import gjv from 'geojson-validation';
import { boxAreaKm2, signedRingAreaM2 } from './area';
import { MAX_POLYGON_AREA_KM2, MAX_POLYGON_POSITIONS } from './constants';
import { GeoError, badRequest, type GeoErrorCode } from './errors';
import { prepareRing, type PreparedRing } from './ring';
import { findSelfIntersection } from './selfIntersection';
import { normalizeLon } from './sphere';
import type { GeoJsonPolygon, LonLat, LonLatBox } from './types';

export interface PolygonValidationOptions {
  /** Name of the field in error messages. Default "polygon". */
  field?: string;
  /** Area limit in km2. Default 1,000,000 (geofences). */
  maxAreaKm2?: number;
  /** When true an area equal to the limit is accepted (tracking search: "over 3000 km2");
   *  when false (default, geofences: "less than 1,000,000 km2") it is refused. */
  areaLimitInclusive?: boolean;
  /** HTTP status for geometric defects (open, too few, holes, self-intersection, pole, area).
   *  Default 422 (geofence create/update); tracking search uses 400. */
  defectStatus?: 400 | 422;
}

export interface ValidatedPolygon {
  /** Normalized GeoJSON: one closed ring of [lon, lat] (altitude dropped, repeated consecutive
   *  positions removed), vertex order as given. */
  geojson: GeoJsonPolygon;
  /** The same ring, closed. */
  ring: LonLat[];
  /** Ellipsoidal (WGS84) area in km2, see area.ts. */
  areaKm2: number;
  /** Bounding box; west > east when the polygon crosses the antimeridian. */
  bbox: LonLatBox;
  /** Vertex order of the ring as given. */
  orientation: 'ccw' | 'cw';
  /** Ring prepared for containment (continuous longitudes). */
  prepared: PreparedRing;
}

const isNumArray = (x: unknown): boolean => Array.isArray(x) && x.length > 0 && typeof x[0] === 'number';

/**
 * Accepts every polygon shape clients send and returns a GeoJSON-like Polygon object (not yet
 * validated): a GeoJSON Polygon (three nesting levels), a Polygon whose `coordinates` is a bare
 * ring (two levels, `[[lon,lat], ...]`), a Feature, `{geometry: {...}}` and `{geojson: {...}}`
 * wrappers, bare coordinate arrays (two or three levels), a flat number list
 * `[lon, lat, lon, lat, ...]`, and a MultiPolygon with exactly one polygon.
 * Throws a 400 GeoError when the shape is unrecognisable.
 */
export function normalizePolygonInput(input: unknown, field = 'polygon'): { type: 'Polygon'; coordinates: unknown; bbox?: unknown } {
  let obj: unknown = input;
  for (let depth = 0; depth < 4; depth++) {
    if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
      const o = obj as Record<string, unknown>;
      if (o.type === 'Feature' || (o.type === undefined && 'geometry' in o)) {
        obj = o.geometry;
        continue;
      }
      if (o.type === undefined && 'geojson' in o) {
        obj = o.geojson;
        continue;
      }
    }
    break;
  }
  let coords: unknown;
  let bbox: unknown;
  if (obj && typeof obj === 'object' && !Array.isArray(obj) && 'bbox' in obj) bbox = (obj as Record<string, unknown>).bbox;
  if (Array.isArray(obj)) {
    coords = obj;
  } else if (obj && typeof obj === 'object') {
    const o = obj as Record<string, unknown>;
    if (o.type === 'MultiPolygon') {
      if (Array.isArray(o.coordinates) && o.coordinates.length === 1) {
        coords = o.coordinates[0];
      } else {
        throw new GeoError(
          422,
          'polygon_multiple_rings',
          `${field}: a MultiPolygon with ${Array.isArray(o.coordinates) ? o.coordinates.length : 'no'} polygons is not accepted; a geofence is a single polygon with one ring`,
        );
      }
    } else if (o.type !== 'Polygon') {
      throw badRequest('invalid_geojson', `${field}: type must be "Polygon" (got ${JSON.stringify(o.type ?? null)})`);
    } else {
      coords = o.coordinates;
    }
  } else {
    throw badRequest('invalid_geojson', `${field}: must be a GeoJSON Polygon object or a coordinate array`);
  }
  if (Array.isArray(coords) && coords.length > 0) {
    if (typeof coords[0] === 'number') {
      // Flat list lon, lat, lon, lat, ...
      if (coords.length % 2 !== 0) {
        throw badRequest('invalid_geojson', `${field}: a flat coordinate list must have an even number of values (lon, lat pairs)`);
      }
      const ring: unknown[] = [];
      for (let i = 0; i < coords.length; i += 2) ring.push([coords[i], coords[i + 1]]);
      coords = [ring];
    } else if (isNumArray(coords[0])) {
      coords = [coords]; // two-level ring form
    }
  }
  return bbox === undefined ? { type: 'Polygon', coordinates: coords } : { type: 'Polygon', coordinates: coords, bbox };
}

const CLOSE_MSG = 'The first and last positions must be equivalent';
const FOUR_MSG = 'coordinates must have at least four positions';

/**
 * Full validation of a geofence polygon (or, with options, a search polygon). Order of checks:
 *  1. shape (normalizePolygonInput), at most MAX_POLYGON_POSITIONS positions, and GeoJSON structure
 *     via geojson-validation -> 400
 *  2. coordinate ranges (lon -180..180, lat -90..90, finite) -> 400 'coordinate_out_of_range'
 *  3. more than one ring (holes) -> defect 'polygon_multiple_rings'
 *  4. open ring (first != last) -> 'polygon_open_ring'
 *  5. fewer than 4 positions (also after removing repeated consecutive positions) -> 'polygon_too_few_positions'
 *  6. ring winding around a pole -> 'polygon_encloses_pole'
 *  7. self-intersection (exact; reports segment indices) -> 'polygon_self_intersection'
 *  8. area limit -> 'polygon_area_too_large'
 * Defects use options.defectStatus (default 422).
 */
export function validatePolygon(input: unknown, options: PolygonValidationOptions = {}): ValidatedPolygon {
  const field = options.field ?? 'polygon';
  const maxArea = options.maxAreaKm2 ?? MAX_POLYGON_AREA_KM2;
  const defect = (code: GeoErrorCode, message: string, details?: Record<string, unknown>) =>
    new GeoError(options.defectStatus ?? 422, code, `${field}: ${message}`, details);

  const poly = normalizePolygonInput(input, field);
  const rings = poly.coordinates;
  if (!Array.isArray(rings) || rings.length === 0) {
    throw badRequest('invalid_geojson', `${field}: coordinates must be a non-empty array of rings`);
  }
  for (let r = 0; r < rings.length; r++) {
    if (!Array.isArray(rings[r])) throw badRequest('invalid_geojson', `${field}: ring ${r} must be an array of [lon, lat] positions`);
    if (rings[r].length === 0) throw defect('polygon_too_few_positions', `ring ${r} is empty; a ring needs at least 4 positions`);
  }
  const positions = rings.reduce((sum: number, ring: unknown[]) => sum + ring.length, 0);
  if (positions > MAX_POLYGON_POSITIONS) {
    throw badRequest(
      'too_many_positions',
      `${field}: has ${positions} positions; at most ${MAX_POLYGON_POSITIONS.toLocaleString('en-US')} are accepted`,
      { positions, maxPositions: MAX_POLYGON_POSITIONS },
    );
  }
  // 1. Structure (geojson-validation). Its closure / four-position messages are reported below as defects.
  let structural: string[];
  try {
    structural = gjv.isPolygon(poly, true).filter((m) => !m.includes(CLOSE_MSG) && !m.includes(FOUR_MSG));
  } catch (e) {
    structural = [`malformed polygon (${(e as Error).message})`];
  }
  if (structural.length > 0) {
    throw badRequest('invalid_geojson', `${field}: invalid GeoJSON Polygon: ${structural.slice(0, 3).join('; ')}`, { errors: structural });
  }
  // 2. Ranges.
  const typedRings = rings as number[][][];
  for (let r = 0; r < typedRings.length; r++) {
    const ring = typedRings[r];
    for (let i = 0; i < ring.length; i++) {
      const [lon, lat] = ring[i];
      if (!Number.isFinite(lon) || lon < -180 || lon > 180) {
        throw badRequest(
          'coordinate_out_of_range',
          `${field}: position ${i} of ring ${r} has longitude ${lon}; longitude must be between -180 and 180 (positions are [lon, lat])`,
          { ring: r, index: i },
        );
      }
      if (!Number.isFinite(lat) || lat < -90 || lat > 90) {
        throw badRequest(
          'coordinate_out_of_range',
          `${field}: position ${i} of ring ${r} has latitude ${lat}; latitude must be between -90 and 90 (positions are [lon, lat])`,
          { ring: r, index: i },
        );
      }
    }
  }
  // 3. One ring only.
  if (typedRings.length > 1) {
    throw defect(
      'polygon_multiple_rings',
      `has ${typedRings.length} rings; holes and multiple rings are not supported, send one outer ring`,
      { rings: typedRings.length },
    );
  }
  const raw = typedRings[0];
  // 4. Closed.
  const f = raw[0],
    l = raw[raw.length - 1];
  if (f[0] !== l[0] || f[1] !== l[1]) {
    throw defect(
      'polygon_open_ring',
      `ring is open: the first position [${f[0]}, ${f[1]}] differs from the last [${l[0]}, ${l[1]}]; the last position must repeat the first`,
    );
  }
  // 5. Enough positions.
  if (raw.length < 4) {
    throw defect(
      'polygon_too_few_positions',
      `ring has ${raw.length} positions; at least 4 are required (3 corners plus the closing position)`,
      { positions: raw.length },
    );
  }
  const ring: LonLat[] = [];
  for (const p of raw) {
    const prev = ring[ring.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) ring.push([p[0], p[1]]);
  }
  if (ring.length < 4) {
    throw defect(
      'polygon_too_few_positions',
      `ring has only ${ring.length - 1} distinct corners after removing repeated consecutive positions; at least 3 are required`,
      { positions: ring.length },
    );
  }
  // 6. Pole.
  const prepared = prepareRing(ring);
  if (prepared.enclosesPole) {
    throw defect(
      'polygon_encloses_pole',
      'ring winds around a pole (its longitudes span all 360 degrees); such polygons are not supported',
    );
  }
  // 7. Self-intersection, in continuous longitudes.
  const h = findSelfIntersection(prepared.coords);
  if (h) {
    const what = h.kind === 'crossing' ? 'crosses' : h.kind === 'touching' ? 'touches' : 'overlaps';
    const nSeg = ring.length - 1;
    throw defect(
      'polygon_self_intersection',
      `ring is self-intersecting: segment ${h.i} (positions ${h.i}-${(h.i + 1) % nSeg}) ${what} segment ${h.j} (positions ${h.j}-${(h.j + 1) % nSeg})` +
        (h.adjacent ? ' (the ring folds back on itself)' : ''),
      { segments: [h.i, h.j], kind: h.kind },
    );
  }
  // 8. Area.
  const signed = signedRingAreaM2(prepared.coords);
  const areaKm2 = Math.abs(signed) / 1e6;
  const tooBig = options.areaLimitInclusive ? areaKm2 > maxArea : areaKm2 >= maxArea;
  if (tooBig) {
    throw defect(
      'polygon_area_too_large',
      `area is ${areaKm2.toFixed(1)} km2; it must be ${options.areaLimitInclusive ? 'at most' : 'less than'} ${maxArea.toLocaleString('en-US')} km2`,
      { areaKm2, maxAreaKm2: maxArea },
    );
  }
  const bbox: LonLatBox = {
    west: normalizeLon(prepared.minLon),
    east: prepared.maxLon === 180 ? 180 : normalizeLon(prepared.maxLon),
    south: prepared.minLat,
    north: prepared.maxLat,
  };
  return {
    geojson: { type: 'Polygon', coordinates: [ring] },
    ring,
    areaKm2,
    bbox,
    orientation: signed >= 0 ? 'ccw' : 'cw',
    prepared,
  };
}

/** Ellipsoidal area in km2 of a closed ring of [lon, lat] (antimeridian-aware, no validation). */
export function ringAreaKm2(ring: readonly LonLat[]): number {
  return Math.abs(signedRingAreaM2(prepareRing(ring).coords)) / 1e6;
}

export { boxAreaKm2 };
