import polyline from '@mapbox/polyline';
import { badRequest } from './errors';
import type { GeoJsonLineString, LatLon } from './types';

export type PolylinePrecision = 5 | 6;

/** Google encoded polyline (via @mapbox/polyline) of points in order; precision 5 or 6 decimals. */
export function encodePolyline(points: readonly LatLon[], precision: PolylinePrecision = 5): string {
  if (precision !== 5 && precision !== 6) throw badRequest('invalid_precision', `polyline precision must be 5 or 6 (got ${precision})`);
  return polyline.encode(
    points.map((p) => [p.lat, p.lon] as [number, number]),
    precision,
  );
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
