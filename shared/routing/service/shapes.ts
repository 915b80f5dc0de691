import { encodePolyline } from '../../roads/polyline';

// Pieces of the routing API's response shapes shared by its operations.

export type GeometryFormat = 'polyline' | 'polyline6' | 'geojson';

export interface Location {
  latitude: number;
  longitude: number;
}

export const location = (c: readonly [number, number]): Location => ({ latitude: c[0], longitude: c[1] });

/** Metres and seconds to one decimal: the engine's precision, without float noise. */
export const tenth = (x: number): number => Math.round(x * 10) / 10;

export interface LineFeature {
  type: 'Feature';
  properties: string;
  geometry: { type: 'LineString'; coordinates: number[][] };
}

export const lineFeature = (coords: ReadonlyArray<readonly [number, number]>): LineFeature => ({
  type: 'Feature',
  properties: '',
  geometry: { type: 'LineString', coordinates: coords.map((c) => [c[1], c[0]]) },
});

/** `geometry` as the requested polyline (geojson also gets a polyline6 string), plus `geojson` when asked for. */
export function geometryOf(
  coords: ReadonlyArray<readonly [number, number]>,
  format: GeometryFormat,
): { geometry: string; geojson?: LineFeature } {
  const precision = format === 'polyline' ? 5 : 6;
  const geometry = encodePolyline(coords, precision);
  return format === 'geojson' ? { geometry, geojson: lineFeature(coords) } : { geometry };
}
