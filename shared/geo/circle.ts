import { DEG, EARTH_RADIUS_M, MAX_CIRCLE_RADIUS_M } from './constants';
import { badRequest } from './errors';
import { destinationPoint, haversineMeters, normalizeLon } from './sphere';
import type { GeoJsonPolygon, LatLon, LonLat, LonLatBox } from './types';

export interface Circle {
  center: LatLon;
  /** Metres. */
  radius: number;
}

/**
 * Validates a circle geofence: center {lat, lon} with lat in [-90, 90] and lon in [-180, 180],
 * radius a finite number > 0 and <= 50,000 m. Throws a 400 GeoError naming the field and rule.
 */
export function validateCircle(input: { center?: unknown; radius?: unknown }, field = 'circle', maxRadiusM = MAX_CIRCLE_RADIUS_M): Circle {
  const c = input.center as Record<string, unknown> | undefined;
  if (!c || typeof c !== 'object' || Array.isArray(c)) {
    throw badRequest('invalid_coordinate', `${field}.center is required and must be an object {lat, lon}`);
  }
  const lat = c.lat,
    lon = c.lon;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) {
    throw badRequest(
      'coordinate_out_of_range',
      `${field}.center.lat must be a number between -90 and 90 (got ${JSON.stringify(lat ?? null)})`,
    );
  }
  if (typeof lon !== 'number' || !Number.isFinite(lon) || lon < -180 || lon > 180) {
    throw badRequest(
      'coordinate_out_of_range',
      `${field}.center.lon must be a number between -180 and 180 (got ${JSON.stringify(lon ?? null)})`,
    );
  }
  const r = input.radius;
  if (typeof r !== 'number' || !Number.isFinite(r) || r <= 0) {
    throw badRequest('invalid_radius', `${field}.radius must be a number of metres greater than 0 (got ${JSON.stringify(r ?? null)})`);
  }
  if (r > maxRadiusM) {
    throw badRequest('radius_too_large', `${field}.radius is ${r} m; it must be at most ${maxRadiusM} m`);
  }
  return { center: { lat, lon }, radius: r };
}

/**
 * Exact circle containment on the sphere: haversine distance (Earth radius 6,371,008.8 m)
 * from the center <= radius. A point at exactly the radius is inside.
 */
export function circleContains(circle: Circle, p: LatLon): boolean {
  return haversineMeters(circle.center, p) <= circle.radius;
}

/**
 * Display polygon of a circle: `vertices` points (default 64) at the exact great-circle radius,
 * counter-clockwise, closed, longitudes normalized to [-180, 180] (a ring may therefore cross
 * the antimeridian, which every function of this library handles). Vertices lie on the circle,
 * so the polygon is slightly inside it (by r * (1 - cos(pi / vertices)), 0.12 % of r for 64);
 * containment of circle geofences never uses this polygon.
 * `scale` > 1 pushes the vertices out (e.g. 1 / cos(pi / n) gives a polygon containing the circle).
 */
export function circleToPolygon(circle: Circle, vertices = 64, scale = 1): GeoJsonPolygon {
  const n = Math.max(3, Math.floor(vertices));
  const ring: LonLat[] = [];
  for (let i = 0; i < n; i++) {
    const bearing = (360 - (i * 360) / n) % 360; // counter-clockwise
    const p = destinationPoint(circle.center, bearing, circle.radius * scale);
    ring.push([p.lon, p.lat]);
  }
  ring.push([ring[0][0], ring[0][1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** True when the circle contains the north or south pole. */
export function circleContainsPole(circle: Circle): boolean {
  return (
    haversineMeters(circle.center, { lat: 90, lon: 0 }) <= circle.radius ||
    haversineMeters(circle.center, { lat: -90, lon: 0 }) <= circle.radius
  );
}

/**
 * Bounding box of a circle on the sphere (slightly enlarged for floating-point safety).
 * Continuous form: minLon in [-180, 180), maxLon may exceed 180. Full longitude range when the
 * circle reaches a pole.
 */
export function circleBounds(circle: Circle): { minLon: number; maxLon: number; minLat: number; maxLat: number } {
  const d = (circle.radius / EARTH_RADIUS_M / DEG) * (1 + 1e-9) + 1e-9;
  const minLat = circle.center.lat - d;
  const maxLat = circle.center.lat + d;
  if (minLat <= -90 || maxLat >= 90) {
    return { minLon: -180, maxLon: 180, minLat: Math.max(-90, minLat), maxLat: Math.min(90, maxLat) };
  }
  const s = Math.sin(circle.radius / EARTH_RADIUS_M) / Math.cos(circle.center.lat * DEG);
  if (s >= 1) return { minLon: -180, maxLon: 180, minLat, maxLat };
  const dLon = (Math.asin(s) / DEG) * (1 + 1e-9) + 1e-9;
  let minLon = circle.center.lon - dLon;
  let maxLon = circle.center.lon + dLon;
  if (minLon < -180) {
    minLon += 360;
    maxLon += 360;
  } else if (minLon >= 180) {
    minLon -= 360;
    maxLon -= 360;
  }
  return { minLon, maxLon, minLat, maxLat };
}

/** Bounding box of a circle as a LonLatBox (west > east across the antimeridian). */
export function circleBbox(circle: Circle): LonLatBox {
  const b = circleBounds(circle);
  return { west: b.minLon, east: b.maxLon > 180 ? normalizeLon(b.maxLon) : b.maxLon, south: b.minLat, north: b.maxLat };
}
