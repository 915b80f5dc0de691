import { ApiError } from '../platform/errors';
import { isGeoError } from '../geo';

/** Runs `fn`, turning a GEO library error (400/422) into the API's error body, naming `field`. */
export function geoInput<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (isGeoError(error)) {
      const message = error.message.startsWith(field) ? error.message : `${field}: ${error.message}`;
      throw new ApiError(error.status, message, { field });
    }
    throw error;
  }
}
