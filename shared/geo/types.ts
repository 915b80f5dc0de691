/** A point as the API carries it in objects and "lat,lon" strings. Degrees, WGS84. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** A point as the optimization API and the solver carry it: [latitude, longitude], degrees. */
export type LatLonPair = [number, number];

/** A GeoJSON position: [longitude, latitude] (altitude, if any, is dropped by the parsers). */
export type LonLat = [number, number];

/** A GeoJSON Polygon with exactly one (outer) ring, closed, as produced by the normalizers. */
export interface GeoJsonPolygon {
  type: 'Polygon';
  coordinates: LonLat[][];
}

export interface GeoJsonLineString {
  type: 'LineString';
  coordinates: LonLat[];
}

/**
 * Longitude/latitude box. `west` may be greater than `east` when the box crosses the
 * antimeridian (e.g. west 170, east -170 is a 20 degree wide box).
 */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}
