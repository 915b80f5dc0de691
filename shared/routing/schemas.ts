import { z } from 'zod';
import {
  approachesParam,
  avoidParam,
  bearingsParam,
  curbApproaches,
  departureTime,
  excludeParam,
  flag,
  latLng,
  latLngList,
  mode,
  numberList,
  numeric,
  truckFields,
  turnAngleRange,
  unsupported,
} from './params';

// Requests of the routing API (directions, distance matrix, isochrone, snap to roads), in the
// official client's field names. Query values arrive as strings; the same fields in a JSON body
// may also be JSON numbers and booleans.

/** Stops between origin and destination. */
export const MAX_WAYPOINTS = 50;
/** Points of one side of a distance matrix. */
export const MAX_MATRIX_POINTS = 1000;
/** Cells of one synchronous matrix (about 3.5 MB of JSON, inside the 6 MB response limit); the asynchronous matrix takes more. */
export const MAX_MATRIX_ELEMENTS = 100_000;
export const MAX_CONTOURS = 4;
export const MAX_CONTOUR_MINUTES = 40;
export const MAX_CONTOUR_METERS = 60_000;
export const MAX_SNAP_POINTS = 1000;
/** Largest `radiuses` entry, metres (the engine's snap distance). */
export const MAX_SNAP_RADIUS_M = 500;
/** Largest `drive_time_limits` or `rest_times` entry, seconds (a week). */
export const MAX_DRIVE_SECONDS = 604_800;
/** Entries of `drive_time_limits` (and of `rest_times`). */
export const MAX_DRIVE_LIMITS = 100;

/**
 * Seconds joined by "," (the client types a string), also as a JSON number or array of numbers,
 * or in the brackets of the client docs' example ("drive_time_limits=[500, 300]").
 */
const secondsList = (min: number) =>
  z
    .union([z.array(z.number()).transform((a) => a.join(',')), z.number().transform(String), z.string()])
    .transform((v) => v.replace(/^\s*\[(.*)\]\s*$/, '$1'))
    .pipe(numberList(',', min, MAX_DRIVE_SECONDS));

const geometry = z.enum(['polyline', 'polyline6', 'geojson']);
const flexibleOption = z.enum(['fast', 'flexible']).optional();

export const directionsFields = z.object({
  origin: latLng,
  destination: latLng,
  waypoints: latLngList(1, MAX_WAYPOINTS).optional(),
  mode: mode.optional(),
  option: flexibleOption,
  alternatives: flag.optional(),
  altcount: numeric(/^\d+$/, 'must be 1, 2 or 3').pipe(z.number().int().min(1).max(3)).optional(),
  approaches: curbApproaches.optional(),
  avoid: avoidParam.optional(),
  bearings: bearingsParam.optional(),
  geometry: geometry.optional(),
  overview: z.enum(['full', 'simplified', 'false']).optional(),
  steps: flag.optional(),
  departure_time: departureTime,
  route_type: z.enum(['fastest', 'shortest']).optional(),
  ...truckFields,
  exclude: excludeParam.optional(),
  cross_border: unsupported('the road graph holds no borders'),
  drive_time_limits: secondsList(1).optional(),
  rest_times: secondsList(0).optional(),
  road_info: unsupported('route reports are not served'),
  turn_angle_range: turnAngleRange,
});

/** The turn kinds `turn_angle_range` shapes: it says which turns count as sharp. */
const namesSharpTurn = (v: { avoid?: { turns: string[] }; exclude?: { turns: string[] } }) =>
  [...(v.avoid?.turns ?? []), ...(v.exclude?.turns ?? [])].includes('sharpTurn');

export const directionsBody = directionsFields.superRefine((v, ctx) => {
  const points = 2 + (v.waypoints?.length ?? 0);
  if (v.bearings && v.bearings.length !== points)
    ctx.addIssue({ code: 'custom', path: ['bearings'], message: `must have one entry per point (${points}), joined by ";"` });
  if (v.approaches && v.approaches.length !== points - 1)
    ctx.addIssue({
      code: 'custom',
      path: ['approaches'],
      message: `must have one entry per stop after the origin (${points - 1}), joined by ";"`,
    });
  if (v.turn_angle_range !== undefined && !namesSharpTurn(v))
    ctx.addIssue({
      code: 'custom',
      path: ['turn_angle_range'],
      message: 'counts only with avoid=sharp_turn or exclude=sharp_turn (it sets which turns are sharp); add one or leave it out',
    });
  if (v.rest_times && !v.drive_time_limits)
    ctx.addIssue({ code: 'custom', path: ['rest_times'], message: 'needs drive_time_limits: each rest follows one drive-time limit' });
  if ((v.drive_time_limits?.length ?? 0) > MAX_DRIVE_LIMITS)
    ctx.addIssue({ code: 'custom', path: ['drive_time_limits'], message: `must have at most ${MAX_DRIVE_LIMITS} values` });
  if ((v.rest_times?.length ?? 0) > MAX_DRIVE_LIMITS)
    ctx.addIssue({ code: 'custom', path: ['rest_times'], message: `must have at most ${MAX_DRIVE_LIMITS} values` });
});

const matrixFields = {
  origins: latLngList(1, MAX_MATRIX_POINTS),
  destinations: latLngList(1, MAX_MATRIX_POINTS),
  mode: mode.optional(),
  option: flexibleOption,
  avoid: avoidParam.optional(),
  departure_time: departureTime,
  route_failed_prompt: flag.optional(),
  approaches: curbApproaches.optional(),
  bearings: unsupported('matrices snap to the nearest road; send no bearings'),
  ...truckFields,
};

const matrixRules = <T extends { origins: unknown[]; destinations: unknown[]; approaches?: unknown[] }>(v: T, ctx: z.RefinementCtx) => {
  if (v.approaches && v.approaches.length !== v.destinations.length)
    ctx.addIssue({
      code: 'custom',
      path: ['approaches'],
      message: `must have one entry per destination (${v.destinations.length}), joined by ";"`,
    });
  if (v.origins.length * v.destinations.length > MAX_MATRIX_ELEMENTS)
    ctx.addIssue({
      code: 'custom',
      path: ['destinations'],
      message: `origins x destinations must be at most ${MAX_MATRIX_ELEMENTS} (got ${v.origins.length * v.destinations.length}); POST /mdm/create computes larger matrices`,
    });
};

export const distanceMatrixQuery = z.object(matrixFields).superRefine(matrixRules);
export const distanceMatrixBody = distanceMatrixQuery;

const contours = (max: number) => numberList(',', 1, max);

export const isochroneQuery = z
  .object({
    coordinates: latLng,
    contours_minutes: contours(MAX_CONTOUR_MINUTES).optional(),
    contours_meters: contours(MAX_CONTOUR_METERS).optional(),
    contours_colors: z
      .string()
      .regex(/^#?[0-9a-fA-F]{6}(,#?[0-9a-fA-F]{6})*$/, 'must be hex colours "rrggbb" joined by ","')
      .transform((v) => v.split(','))
      .optional(),
    denoise: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number from 0 to 1')
      .transform(Number)
      .pipe(z.number().max(1))
      .optional(),
    generalize: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be metres')
      .transform(Number)
      .optional(),
    departure_time: departureTime,
    mode: mode.optional(),
    polygons: flag.optional(),
  })
  .superRefine((v, ctx) => {
    const list = v.contours_minutes ?? v.contours_meters;
    const name = v.contours_minutes ? 'contours_minutes' : 'contours_meters';
    if (!list) {
      ctx.addIssue({ code: 'custom', path: ['contours_minutes'], message: 'contours_minutes or contours_meters is required' });
      return;
    }
    if (list.length > MAX_CONTOURS) ctx.addIssue({ code: 'custom', path: [name], message: `must have at most ${MAX_CONTOURS} values` });
    if (list.some((x, i) => i > 0 && x <= list[i - 1])) ctx.addIssue({ code: 'custom', path: [name], message: 'must be increasing' });
    if (v.contours_colors && v.contours_colors.length !== list.length)
      ctx.addIssue({ code: 'custom', path: ['contours_colors'], message: `must have one colour per contour (${list.length})` });
  })
  .transform((v) => (v.contours_minutes ? { ...v, contours_meters: undefined } : v));

const snapFields = z.object({
  path: latLngList(1, MAX_SNAP_POINTS),
  timestamps: numberList('|', 0, 99_999_999_999).optional(),
  radiuses: numberList('|', 0, MAX_SNAP_RADIUS_M).optional(),
  interpolate: flag.optional(),
  geometry: geometry.optional(),
  mode: mode.optional(),
  option: z.literal('flexible').optional(),
  road_info: z.literal('max_speed').optional(),
  tolerate_outlier: flag.optional(),
  avoid: z.literal('none', { message: 'snapping follows the trace: only "none" is accepted' }).optional(),
  approaches: approachesParam.optional(),
});

const sameCount = (v: z.infer<typeof snapFields>, ctx: z.RefinementCtx) => {
  for (const name of ['timestamps', 'radiuses'] as const) {
    const list = v[name];
    if (list && list.length !== v.path.length)
      ctx.addIssue({ code: 'custom', path: [name], message: `must have one value per path point (${v.path.length}), joined by "|"` });
  }
  if (v.timestamps?.some((t, i) => i > 0 && t < v.timestamps![i - 1]))
    ctx.addIssue({ code: 'custom', path: ['timestamps'], message: 'must not decrease' });
};

export const snapToRoadsQuery = snapFields.superRefine(sameCount);
export const snapToRoadsBody = snapToRoadsQuery;

/** Stops of a v1 optimization. */
export const MIN_TRIP_POINTS = 3;
export const MAX_TRIP_POINTS = 12;

export const optimizationV1Query = z
  .object({
    coordinates: latLngList(MIN_TRIP_POINTS, MAX_TRIP_POINTS),
    approaches: curbApproaches.optional(),
    source: z.enum(['any', 'first']).optional(),
    destination: z.enum(['any', 'last']).optional(),
    roundtrip: flag.optional(),
    mode: mode.optional(),
    geometries: geometry.optional(),
    with_geometry: flag.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.approaches && v.approaches.length !== v.coordinates.length)
      ctx.addIssue({
        code: 'custom',
        path: ['approaches'],
        message: `must have one entry per coordinate (${v.coordinates.length}), joined by ";"`,
      });
  });
