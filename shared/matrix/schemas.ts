import { z } from 'zod';
import { avoidParam, departureTime, latLngList, mode, sideParam, truckFields, unsupported } from '../routing/params';
import { identifier, queryInt } from '../platform/schemas';
import { MDM_MAX_POINTS } from './model';

// Requests of the asynchronous matrix, in the official client's field names.

export const createQuery = z.object({
  option: z.literal('flexible').optional(),
  /** How the commercial service splits big matrices; Waymark computes one piece (named in `warning`). */
  spliter: z.enum(['od_number_spliter', 'straight_distance_spliter', 'location_spliter']).optional(),
});

export const createBody = z.object({
  origins: latLngList(1, MDM_MAX_POINTS),
  destinations: latLngList(1, MDM_MAX_POINTS).optional(),
  /** A service area name; Waymark picks the loaded network covering the points (named in `warning` when it differs). */
  area: z.string().max(64).optional(),
  mode: mode.optional(),
  /**
   * As directions' avoid, but for `geofence_id`: a job keeps its request until the worker runs,
   * and a geofence's polygon (thousands of vertices for an isochrone) does not fit the stored job.
   */
  avoid: avoidParam
    .refine((a) => a.geofenceIds.length === 0, {
      message:
        '"geofence_id:..." is not supported by the asynchronous matrix: a job cannot carry geofence shapes; use GET or POST /distancematrix/json, or bbox: values',
    })
    .optional(),
  departure_time: departureTime,
  route_type: z.literal('fastest', { message: 'only "fastest": matrices are of the quickest routes' }).optional(),
  /** "curb": every origin is left, and every destination reached, with it on the right (right-hand traffic). */
  origins_approach: sideParam.optional(),
  destinations_approach: sideParam.optional(),
  cross_border: unsupported('the road graph holds no borders'),
  ...truckFields,
});

export type CreateBody = z.output<typeof createBody>;

/** `key` is read too: the result links carry it. */
export const statusQuery = z.object({ id: identifier, key: z.string().optional() });

export const resultQuery = z.object({ id: identifier, part: queryInt(0, 1_000_000).optional() });
