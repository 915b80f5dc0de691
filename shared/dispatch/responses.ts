import { z } from 'zod';
import { int, page } from '../platform/responses';

// 200 bodies of dispatch, in the client's Fleetify envelope: `status` is the HTTP status as a
// number, with `data` (routes, steps, templates). Times are Unix seconds.

const field = z.looseObject({
  label: z.string(),
  type: z.string(),
  name: z.string(),
  required: z.boolean(),
  meta: z.looseObject({ options: z.array(z.looseObject({ label: z.string(), value: z.string() })) }).optional(),
  validation: z
    .looseObject({
      min: z.number().optional(),
      max: z.number().optional(),
      min_items: z.string().optional(),
      max_items: z.string().optional(),
    })
    .optional(),
});

export const template = z.looseObject({ id: z.string(), name: z.string(), content: z.array(field) });

export const step = z.looseObject({
  id: z.string(),
  short_id: z.string(),
  type: z.string(),
  arrival: int,
  location: z.array(z.number()),
  address: z.string(),
  duration: z.number(),
  meta: z.looseObject({}),
  document_template_id: z.string(),
  document_snapshot: z.array(field).nullable(),
  completion: z.looseObject({
    status: z.enum(['scheduled', 'completed', 'canceled']),
    completion_mode: z.string(),
    completed_at: int.optional(),
    completed_by_mode: z.string().optional(),
    completed_by: z.string().optional(),
    document: z.record(z.string(), z.unknown()).optional(),
    document_modified_at: int.optional(),
  }),
  created_at: int,
  updated_at: int,
});

export const route = z.looseObject({
  id: z.string(),
  short_id: z.string(),
  created_at: int,
  updated_at: int,
  distance: z.number(),
  duration: z.number(),
  geometry: z.string(),
  ro_request_id: z.string(),
  vehicle_id: z.string(),
  driver: z.looseObject({ id: z.string(), email: z.string(), fullname: z.string() }),
  routing: z.record(z.string(), z.string()),
  document_template_id: z.string(),
  document_snapshot: z.array(field).nullable(),
  total_steps: int,
  completed_steps: int,
  completion: z.looseObject({ status: z.enum(['scheduled', 'completed']), completed_at: int.optional() }),
  steps: z.array(step),
});

const ok = <T extends z.ZodType>(data: T) => z.looseObject({ status: z.literal(200), data });

/** The create answer also carries the driver's token and the path of the driver's page (ours). */
export const createRouteResponse = ok(route.extend({ driver_token: z.string(), driver_path: z.string() }));
export const routeResponse = ok(route);
export const routeListResponse = ok(z.looseObject({ list: z.array(route), page }));
export const stepResponse = ok(step);
export const stepDeletedResponse = z.looseObject({ status: z.literal(200), message: z.string() });
export const templateResponse = ok(template);
export const templateListResponse = ok(z.array(template));
export const templateDeletedResponse = z.looseObject({ status: z.literal(200), msg: z.string() });
