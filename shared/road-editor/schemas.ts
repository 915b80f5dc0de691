import { z } from 'zod';
import { queryBoolean, queryInt } from '../platform/schemas';
import { LIMITS, MODES, RESTRICTION_TYPES } from './model';

// Wire shapes of the road editor (the client's restrictions and restrictions_items families).
// The client's own documentation writes some enum values in backquotes (`forward`); such a
// value is read without them.

const bare = (v: unknown) => (typeof v === 'string' ? v.replace(/^`(.*)`$/, '$1') : v);
const enumOf = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(bare, z.enum(values));

const nodeId = z.number().int().min(0);
const position = z.array(z.number()).length(2);
const unixSeconds = z.number().int().min(0).max(4_102_444_800);
const positive = (max: number) => z.number().positive().max(max);
/** Truck sizes: 0 means no limit on that dimension, as the client documents. */
const size = (max: number) => z.number().min(0).max(max);

export const restrictionBody = z
  .object({
    area: z.string().trim().min(1).max(128),
    name: z.string().trim().min(1).max(200),
    comment: z.string().max(1000).optional(),
    direction: enumOf(['forward', 'backward', 'both'] as const).optional(),
    start_time: unixSeconds.optional(),
    end_time: unixSeconds.optional(),
    repeat_on: z.string().trim().max(256).optional(),
    mode: z.array(enumOf(MODES)).max(MODES.length).optional(),
    segments: z
      .array(z.object({ from: nodeId, to: nodeId }))
      .max(LIMITS.segments)
      .optional(),
    turns: z
      .array(z.object({ from: nodeId, via: nodeId, to: nodeId }))
      .max(LIMITS.turns)
      .optional(),
    tracks: z.array(position).min(2).max(LIMITS.trackPoints).optional(),
    geofence: z.array(position).min(4).max(LIMITS.geofenceVertices).optional(),
    speed: positive(250).optional(),
    speed_limit: positive(250).optional(),
    weight: size(200_000).optional(),
    height: size(2_000).optional(),
    length: size(10_000).optional(),
    width: size(1_000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.start_time !== undefined && v.end_time !== undefined && v.end_time <= v.start_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'must be after start_time' });
  });

export type RestrictionBody = z.output<typeof restrictionBody>;

export const restrictionTypePath = z.object({ restrictionType: enumOf(RESTRICTION_TYPES) });
export const restrictionIdPath = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a restriction id (a whole number)')
    .transform(Number),
});

export const writeQuery = z.object({ key: z.string().optional(), latlon: queryBoolean.optional() });
export const keyQuery = z.object({ key: z.string().optional(), transform: queryBoolean.optional() });

export const stateBody = z.object({ state: enumOf(['enabled', 'disabled'] as const) });

const filters = {
  restriction_type: enumOf(RESTRICTION_TYPES).optional(),
  source: z.enum(['rrt', 'pbf']).optional(),
  state: enumOf(['enabled', 'disabled', 'deleted'] as const).optional(),
  status: enumOf(['active', 'inactive'] as const).optional(),
};

export const listQuery = z.object({
  key: z.string().optional(),
  area: z.string().trim().min(1).max(128),
  limit: queryInt(1, 1000),
  offset: queryInt(0, 1_000_000),
  name: z.string().max(200).optional(),
  mode: enumOf(MODES).optional(),
  transform: queryBoolean.optional(),
  ...filters,
});

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);
const bbox = { min_lat: latitude, min_lon: longitude, max_lat: latitude, max_lon: longitude };

/** `mode` may come once or repeated (the client sends an array as mode=a&mode=b or a comma list). */
const modeList = z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(enumOf(MODES)));

export const bboxQuery = z.object({ key: z.string().optional(), mode: modeList.optional(), ...bbox, ...filters });
export const itemsQuery = z.object({
  key: z.string().optional(),
  mode: enumOf(MODES).optional(),
  group_id: queryInt(0, 1e15).optional(),
  ...bbox,
  ...filters,
});

export type ListQuery = z.output<typeof listQuery>;
export type BboxQuery = z.output<typeof bboxQuery>;
export type ItemsQuery = z.output<typeof itemsQuery>;

const richGroup = z.object({
  id: z.number(),
  area: z.string(),
  name: z.string(),
  comment: z.string().optional(),
  restriction_type: z.enum(RESTRICTION_TYPES),
  direction: z.enum(['forward', 'backward', 'both']),
  mode: z.array(z.string()),
  state: z.enum(['enabled', 'disabled', 'deleted']),
  status: z.enum(['active', 'inactive']),
  bbox: z.object({ min_lat: z.number(), min_lon: z.number(), max_lat: z.number(), max_lon: z.number() }),
  create_at: z.string(),
  update_at: z.string(),
  start_time: z.number().optional(),
  end_time: z.number().optional(),
  repeat_on: z.string().optional(),
  speed: z.number().optional(),
  speed_limit: z.number().optional(),
  geofence: z.array(z.array(z.number())).optional(),
  segments: z.array(z.object({ from: z.number(), to: z.number() })).optional(),
  turns: z.array(z.object({ from: z.number(), via: z.number(), to: z.number() })).optional(),
  tracks: z.array(z.array(z.number())).optional(),
  weight: z.number().optional(),
  height: z.number().optional(),
  length: z.number().optional(),
  width: z.number().optional(),
});

export const richGroupResponse = richGroup;
export const listResponse = z.object({
  data: z.array(richGroup),
  meta: z.object({ limit: z.number(), offset: z.number(), total: z.number() }),
});
export const bboxResponse = z.array(richGroup);
export const deleteResponse = z.object({ id: z.number(), state: z.literal('deleted') });
export const itemsResponse = z.array(
  z.object({
    id: z.number(),
    area: z.string(),
    coordinate: z.object({ lat: z.number(), lon: z.number() }),
    group_id: z.number(),
    group_type: z.enum(['segment', 'turn']),
    mode: z.array(z.string()),
    repeat_on: z.string(),
    restriction_type: z.enum(RESTRICTION_TYPES),
    source: z.literal('rrt'),
    state: z.enum(['enabled', 'disabled', 'deleted']),
    status: z.enum(['active', 'inactive']),
  }),
);
