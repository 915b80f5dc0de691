import { ApiError, invalid } from '../platform/errors';
import { geofenceGeometry, parseLatLon } from '../geo';
import type { CreateGeofenceInput, UpdateGeofenceInput } from './schemas';
import type { IsochroneProvider } from './isochrone';
import type { GeofenceRecord, GeofenceType } from './model';

// Turns validated request fields into a stored geofence record: the type's
// own fields, plus the boundary polygon every type carries.

type Definition = Omit<CreateGeofenceInput, 'type' | 'custom_id'> & { type: GeofenceType };

async function boundary(def: Definition, isochrone: IsochroneProvider): Promise<Partial<GeofenceRecord>> {
  switch (def.type) {
    case 'circle':
    case 'polygon': {
      const { geojson, circle_center, circle_radius } = geofenceGeometry(def);
      return { geojson, ...(circle_center ? { circle_center, circle_radius } : {}) };
    }
    case 'isochrone': {
      const ic = def.isochrone;
      if (!ic) throw invalid('isochrone', 'is required when type is isochrone');
      if (ic.contours_minute === undefined && ic.contours_meter === undefined) {
        throw invalid('isochrone', 'needs contours_minute or contours_meter');
      }
      const start = parseLatLon(ic.coordinates, 'isochrone.coordinates');
      // With both given, contours_meter is ignored.
      const byTime = ic.contours_minute !== undefined;
      const mode = ic.mode ?? 'car';
      const denoise = ic.denoise ?? 0.5;
      const geojson = await isochrone({
        start,
        minutes: byTime ? ic.contours_minute : undefined,
        meters: byTime ? undefined : ic.contours_meter,
        mode,
        denoise,
        departureTime: ic.departure_time,
      });
      return {
        geojson,
        ic_coordinates: `${start.lat},${start.lon}`,
        ...(byTime ? { ic_contours_minute: ic.contours_minute } : { ic_contours_meter: ic.contours_meter }),
        ic_mode: mode,
        ic_denoise: denoise,
        ...(ic.departure_time !== undefined ? { ic_departure_time: ic.departure_time } : {}),
      };
    }
  }
}

export async function buildRecord(
  id: string,
  def: Definition,
  times: { created_at: number; updated_at: number },
  isochrone: IsochroneProvider,
): Promise<GeofenceRecord> {
  const record = {
    id,
    type: def.type,
    ...(def.name !== undefined ? { name: def.name } : {}),
    ...(await boundary(def, isochrone)),
    tags: def.tags ?? [],
    ...(def.meta_data !== undefined ? { meta_data: def.meta_data } : {}),
    ...times,
  };
  return record as GeofenceRecord;
}

/** A partial circle of an update, completed from the stored circle; 400 naming what is still missing. */
function mergeCircle(change: NonNullable<UpdateGeofenceInput['circle']>, current: GeofenceRecord): Definition['circle'] {
  const lat = change.center?.lat ?? current.circle_center?.lat;
  const lon = change.center?.lon ?? current.circle_center?.lon;
  const radius = change.radius ?? current.circle_radius;
  if (lat === undefined) throw invalid('circle.center.lat', 'is required (the geofence has no stored circle to take it from)');
  if (lon === undefined) throw invalid('circle.center.lon', 'is required (the geofence has no stored circle to take it from)');
  if (radius === undefined) throw invalid('circle.radius', 'is required (the geofence has no stored circle to take it from)');
  return { center: { lat, lon }, radius };
}

/** A partial isochrone of an update, completed from the stored one; new contours replace both stored ones. */
function mergeIsochrone(change: NonNullable<UpdateGeofenceInput['isochrone']>, current: GeofenceRecord): Definition['isochrone'] {
  const coordinates = change.coordinates ?? current.ic_coordinates;
  if (coordinates === undefined)
    throw invalid('isochrone.coordinates', 'is required (the geofence has no stored isochrone to take it from)');
  const newContours = change.contours_minute !== undefined || change.contours_meter !== undefined;
  const contours = newContours
    ? { contours_minute: change.contours_minute, contours_meter: change.contours_meter }
    : { contours_minute: current.ic_contours_minute, contours_meter: current.ic_contours_meter };
  const mode = change.mode ?? current.ic_mode;
  return {
    coordinates,
    ...contours,
    denoise: change.denoise ?? current.ic_denoise,
    departure_time: change.departure_time ?? current.ic_departure_time,
    mode: mode === 'truck' ? 'truck' : mode === 'car' ? 'car' : undefined,
  };
}

/**
 * An update's result. Without a new type or geometry the stored boundary is
 * kept as is (an isochrone is not recomputed for a rename); otherwise the new
 * geometry, completed from the stored one where the update gives only part of
 * it, is built and checked like a create.
 */
export async function applyUpdate(
  current: GeofenceRecord,
  change: UpdateGeofenceInput,
  updatedAt: number,
  isochrone: IsochroneProvider,
): Promise<GeofenceRecord> {
  const type = change.type ?? current.type;
  const labels = {
    name: change.name ?? current.name,
    tags: change.tags ?? current.tags,
    meta_data: change.meta_data ?? current.meta_data,
  };
  const newGeometry = change.circle ?? change.polygon ?? change.isochrone;
  if (type === current.type && !newGeometry) {
    return { ...current, ...labels, updated_at: updatedAt } as GeofenceRecord;
  }
  const def: Definition = {
    type,
    ...labels,
    circle: change.circle && mergeCircle(change.circle, current),
    polygon: change.polygon,
    isochrone: change.isochrone && mergeIsochrone(change.isochrone, current),
  };
  return buildRecord(current.id, def, { created_at: current.created_at, updated_at: updatedAt }, isochrone);
}

/** Prefixes a client error with the batch item it came from. */
export function atIndex(error: unknown, index: number): unknown {
  const status = (error as { status?: unknown }).status;
  if (error instanceof Error && typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, `geofences[${index}].${error.message}`, { field: `geofences[${index}]` });
  }
  return error;
}

export type { CreateGeofenceInput };
