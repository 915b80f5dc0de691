import polyline from '@mapbox/polyline';
import { encodeLatLonPairs } from '../geo/polyline';

// Google encoded polylines for route geometry, on [lat, lon] pairs (the routing engine's own
// coordinate order). One encoder for the whole project, shared/geo/polyline.ts's (the
// optimization results use it too); decoding is @mapbox/polyline's.

/** Encode [lat, lon] pairs with 5 or 6 decimals. */
export function encodePolyline(coords: ReadonlyArray<readonly [number, number]>, precision: 5 | 6 = 5): string {
  return encodeLatLonPairs(coords, precision);
}

/** Decode to [lat, lon] pairs. */
export function decodePolyline(s: string, precision: 5 | 6 = 5): Array<[number, number]> {
  return polyline.decode(s, precision);
}
