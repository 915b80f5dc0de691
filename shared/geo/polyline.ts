import polyline from '@mapbox/polyline';
import { badRequest } from './errors';
import type { GeoJsonLineString, LatLon } from './types';

export type PolylinePrecision = 5 | 6;

/** Google encoded polyline of points in order; precision 5 or 6 decimals. */
export function encodePolyline(points: readonly LatLon[], precision: PolylinePrecision = 5): string {
  if (precision !== 5 && precision !== 6) throw badRequest('invalid_precision', `polyline precision must be 5 or 6 (got ${precision})`);
  return encodeLatLonPairs(
    points.map((p) => [p.lat, p.lon] as const),
    precision,
  );
}

const ascii = new TextDecoder();

/**
 * Google's encoded polyline format on [lat, lon] pairs, byte for byte what @mapbox/polyline
 * gives (tests/property/geo/polyline.property.test.ts), in a fraction of its time: a long route's
 * geometry was a sixth of its directions time. Each point is rounded once (half away from zero,
 * as the format's reference does), each difference written as 5-bit groups into one byte buffer
 * (a valid coordinate's difference takes at most 6 groups; the buffer grows for any other).
 */
export function encodeLatLonPairs(coords: ReadonlyArray<readonly [number, number]>, precision: PolylinePrecision = 5): string {
  const factor = precision === 6 ? 1e6 : 1e5;
  let out = new Uint8Array(coords.length * 12 + 32);
  let at = 0;
  let lat0 = 0;
  let lon0 = 0;
  for (let i = 0; i < coords.length; i++) {
    if (at + 32 > out.length) {
      const grown = new Uint8Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    const lat = roundHalfAway(coords[i][0] * factor);
    const lon = roundHalfAway(coords[i][1] * factor);
    at = writeDifference(out, at, lat - lat0);
    at = writeDifference(out, at, lon - lon0);
    lat0 = lat;
    lon0 = lon;
  }
  return ascii.decode(out.subarray(0, at));
}

function roundHalfAway(x: number): number {
  return x >= 0 ? Math.floor(x + 0.5) : -Math.floor(-x + 0.5);
}

/** Zig-zag, then 5 bits a byte, lowest first; arithmetic rather than bit operators past 2^31. */
function writeDifference(out: Uint8Array, at: number, d: number): number {
  let v = d < 0 ? -2 * d - 1 : 2 * d;
  if (v < 2147483648) {
    while (v >= 32) {
      out[at++] = (32 | (v & 31)) + 63;
      v >>>= 5;
    }
  } else {
    while (v >= 32) {
      out[at++] = (32 | (v % 32)) + 63;
      v = Math.floor(v / 32);
    }
  }
  out[at++] = v + 63;
  return at;
}

/** Decodes an encoded polyline to points; each coordinate is within 0.5 * 10^-precision of the encoded one. */
export function decodePolyline(encoded: string, precision: PolylinePrecision = 5): LatLon[] {
  if (precision !== 5 && precision !== 6) throw badRequest('invalid_precision', `polyline precision must be 5 or 6 (got ${precision})`);
  return polyline.decode(encoded, precision).map(([lat, lon]) => ({ lat, lon }));
}

/** GeoJSON LineString ([lon, lat] positions) of a track, in order. */
export function trackToLineString(points: readonly LatLon[]): GeoJsonLineString {
  return { type: 'LineString', coordinates: points.map((p) => [p.lon, p.lat]) };
}

export type GeometryType = 'polyline' | 'polyline6' | 'geojson';

/**
 * Geometry of a track for GET /asset/{id}/location/list `geometry_type`:
 * polyline -> { geometry: [encoded at precision 5] }, polyline6 -> precision 6,
 * geojson -> { geojson: LineString }.
 */
export function trackGeometry(points: readonly LatLon[], type: GeometryType): { geometry?: string[]; geojson?: GeoJsonLineString } {
  switch (type) {
    case 'polyline':
      return { geometry: [encodePolyline(points, 5)] };
    case 'polyline6':
      return { geometry: [encodePolyline(points, 6)] };
    case 'geojson':
      return { geojson: trackToLineString(points) };
    default:
      throw badRequest('invalid_argument', `geometry_type must be one of polyline, polyline6, geojson (got ${JSON.stringify(type)})`);
  }
}
