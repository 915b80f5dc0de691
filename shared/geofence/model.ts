import type { GeoJsonPolygon } from '../geo';

export type GeofenceType = 'circle' | 'polygon' | 'isochrone';

/** A geofence as returned by the API; absent fields are omitted. */
export interface GeofenceRecord {
  id: string;
  name?: string;
  type: GeofenceType;
  /** The boundary as a GeoJSON Polygon; computed for circles and isochrones too. */
  geojson: GeoJsonPolygon;
  circle_center?: { lat: number; lon: number };
  circle_radius?: number;
  ic_contours_meter?: number;
  ic_contours_minute?: number;
  ic_coordinates?: string;
  ic_departure_time?: number;
  ic_mode?: string;
  ic_denoise?: number;
  tags: string[];
  meta_data?: Record<string, unknown>;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}

/** Stored alongside the record: order of creation, for stable pagination. */
export interface StoredGeofence {
  record: GeofenceRecord;
  /** Milliseconds of creation plus id: unique and increasing in creation order. */
  createdKey: string;
  /** Changes on every write; updates are conditional on it (optimistic concurrency). */
  rev: string;
}
