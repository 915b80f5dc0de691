import { circleBbox, circleToPolygon, validateCircle, type Circle } from './circle';
import { EARTH_RADIUS_M } from './constants';
import { badRequest } from './errors';
import { validatePolygon } from './polygon';
import type { GeoJsonPolygon, LatLon, LonLatBox } from './types';

/** Geometry part of a geofence record, computed from a create/update body. */
export interface GeofenceGeometry {
  type: 'circle' | 'polygon';
  /** Display polygon (circles: 64-gon on the circle); stored as the record's `geojson`. */
  geojson: GeoJsonPolygon;
  circle_center?: LatLon;
  circle_radius?: number;
  /** Not part of the wire record; useful for storage-side prefilters. */
  bbox: LonLatBox;
  /** Circles: pi r^2 on the sphere's cap formula; polygons: ellipsoidal area. */
  areaKm2: number;
}

/**
 * Validates and computes the geometry of a circle or polygon geofence body:
 * `{type: 'circle', circle: {center: {lat, lon}, radius}}` or
 * `{type: 'polygon', polygon: {geojson: <any shape normalizePolygonInput accepts>}}` (the
 * update form `polygon.geojson.geometry` is accepted too). Isochrones are computed by the routing
 * engine, not here: type 'isochrone' throws a 400 GeoError with code 'invalid_argument' so
 * callers must branch before calling. Errors: GeoError 400 / 422 with messages naming the field.
 */
export function geofenceGeometry(body: { type?: unknown; circle?: unknown; polygon?: unknown }): GeofenceGeometry {
  if (body.type === 'circle') {
    if (!body.circle || typeof body.circle !== 'object')
      throw badRequest('invalid_argument', 'circle is required for type "circle": {center: {lat, lon}, radius}');
    const c: Circle = validateCircle(body.circle as { center?: unknown; radius?: unknown }, 'circle');
    const cap = (2 * Math.PI * EARTH_RADIUS_M ** 2 * (1 - Math.cos(c.radius / EARTH_RADIUS_M))) / 1e6;
    return {
      type: 'circle',
      geojson: circleToPolygon(c, 64),
      circle_center: c.center,
      circle_radius: c.radius,
      bbox: circleBbox(c),
      areaKm2: cap,
    };
  }
  if (body.type === 'polygon') {
    const p = body.polygon as Record<string, unknown> | undefined;
    if (!p || typeof p !== 'object')
      throw badRequest(
        'invalid_argument',
        'polygon is required for type "polygon": {geojson: {type: "Polygon", coordinates: [[[lon, lat], ...]]}}',
      );
    const input = 'geojson' in p ? p.geojson : p;
    const v = validatePolygon(input, { field: 'polygon.geojson' });
    return { type: 'polygon', geojson: v.geojson, bbox: v.bbox, areaKm2: v.areaKm2 };
  }
  throw badRequest('invalid_argument', `geofenceGeometry handles type "circle" and "polygon" (got ${JSON.stringify(body.type ?? null)})`);
}
