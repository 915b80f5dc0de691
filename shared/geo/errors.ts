/**
 * Typed errors of the GEO library. `status` is the HTTP status the service should answer with:
 * 400 = input validation failed (missing / malformed / out-of-range parameter),
 * 422 = well-formed input from which no valid geofence can be built (open ring, holes, ...).
 * `code` is a stable machine-readable reason; `message` is the human text, naming the field and
 * the rule broken, safe to return to the caller as is.
 */
export type GeoErrorCode =
  // 400-class
  | 'invalid_geojson'
  | 'coordinate_out_of_range'
  | 'invalid_coordinate'
  | 'invalid_radius'
  | 'radius_too_large'
  | 'invalid_precision'
  | 'invalid_argument'
  | 'area_too_large'
  | 'too_many_positions'
  // 422-class
  | 'polygon_open_ring'
  | 'polygon_too_few_positions'
  | 'polygon_multiple_rings'
  | 'polygon_self_intersection'
  | 'polygon_encloses_pole'
  | 'polygon_area_too_large';

export class GeoError extends Error {
  readonly status: 400 | 422;
  readonly code: GeoErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(status: 400 | 422, code: GeoErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'GeoError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isGeoError(e: unknown): e is GeoError {
  return e instanceof GeoError;
}

export const badRequest = (code: GeoErrorCode, message: string, details?: Record<string, unknown>): GeoError =>
  new GeoError(400, code, message, details);

export const unprocessable = (code: GeoErrorCode, message: string, details?: Record<string, unknown>): GeoError =>
  new GeoError(422, code, message, details);
