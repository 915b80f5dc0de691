import { z } from 'zod';
import { freeJsonObject } from '../platform/limits';
import { commaList, identifier, pagination, queryBoolean } from '../platform/schemas';

// Geofence wire shapes. Geometry rules
// that need real geometry (rings, areas, self-intersection) are checked by
// shared/geo after these structural checks.

export const MAX_RADIUS_M = 50_000;
export const MAX_CONTOURS_MINUTE = 40;
export const MAX_CONTOURS_METER = 60_000;
export const MAX_META_DATA_BYTES = 65_536;
export const MAX_BATCH = 100;

const label = z.string().max(256);
const latLon = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });

export const circleInput = z.object({
  center: latLon,
  radius: z.number().gt(0).max(MAX_RADIUS_M),
});

export const polygonInput = z.object({
  // Checked by shared/geo: GeoJSON Polygon, the two-level ring form and {geometry} wrappers.
  geojson: z.unknown().refine((v) => v !== undefined && v !== null, 'is required'),
});

export const isochroneInput = z.object({
  coordinates: z.string().regex(/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/, 'must be "lat,lon"'),
  contours_minute: z.number().gt(0).max(MAX_CONTOURS_MINUTE).optional(),
  contours_meter: z.number().gt(0).max(MAX_CONTOURS_METER).optional(),
  denoise: z.number().min(0).max(1).optional(),
  departure_time: z.number().int().min(0).optional(),
  mode: z.enum(['car', 'truck']).optional(),
});

const metaData = freeJsonObject(MAX_META_DATA_BYTES);

const fields = {
  name: label.optional(),
  tags: z.array(label).max(100).optional(),
  meta_data: metaData.optional(),
  circle: circleInput.optional(),
  polygon: polygonInput.optional(),
  isochrone: isochroneInput.optional(),
};

export const geofenceType = z.enum(['circle', 'polygon', 'isochrone']);

export const createGeofenceBody = z.object({ type: geofenceType, custom_id: identifier.optional(), ...fields });
export type CreateGeofenceInput = z.output<typeof createGeofenceBody>;

/**
 * On update the client may send part of a geometry (`circle: {center}` alone,
 * `isochrone: {contours_minute}` alone): what is left out is taken from the
 * stored geofence (shared/geofence/build.ts applyUpdate).
 */
export const updateGeofenceBody = z.object({
  type: geofenceType.optional(),
  ...fields,
  circle: z.object({ center: latLon.partial().optional(), radius: circleInput.shape.radius.optional() }).optional(),
  isochrone: isochroneInput.partial().optional(),
});
export type UpdateGeofenceInput = z.output<typeof updateGeofenceBody>;

export const batchCreateBody = z.object({ geofences: z.array(createGeofenceBody).min(1).max(MAX_BATCH) });

export const batchDeleteBody = z.object({ ids: z.array(identifier).min(1).max(MAX_BATCH) });

export const idPath = z.object({ id: identifier });

const keyParam = { key: z.string().optional() };

export const getManyQuery = z.object({
  ...keyParam,
  ids: commaList.pipe(z.array(identifier).min(1, 'must name at least one id').max(MAX_BATCH)),
});

export const listQuery = z.object({ ...keyParam, tags: commaList.optional(), ...pagination });

export const containQuery = z.object({
  ...keyParam,
  locations: z.string({ message: 'is required' }),
  geofences: commaList.pipe(z.array(identifier)).optional(),
  verbose: queryBoolean.optional(),
});

/** Console search: at most this many matches. */
export const MAX_CONSOLE_SEARCH_RESULTS = 100;

export const consoleSearchQuery = z.object({
  ...keyParam,
  query: z.string({ message: 'is required' }).trim().min(1, 'must not be empty').describe('Matched against geofence id and name'),
});
