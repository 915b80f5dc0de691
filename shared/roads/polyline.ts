import polyline from '@mapbox/polyline';

// Google encoded polylines for route geometry, on [lat, lon] pairs (the routing engine's own
// coordinate order). One implementation for the whole project: @mapbox/polyline, which
// shared/geo/polyline.ts and the optimization results use too.

/** Encode [lat, lon] pairs with 5 or 6 decimals. */
export function encodePolyline(coords: ReadonlyArray<readonly [number, number]>, precision: 5 | 6 = 5): string {
  return polyline.encode(coords as Array<[number, number]>, precision);
}

/** Decode to [lat, lon] pairs. */
export function decodePolyline(s: string, precision: 5 | 6 = 5): Array<[number, number]> {
  return polyline.decode(s, precision);
}
