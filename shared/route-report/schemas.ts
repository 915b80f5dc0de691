import { z } from 'zod';
import { latLng, latLngList, mode } from '../routing/params';
import { MAX_WAYPOINTS } from '../routing/schemas';

// POST /route_report: the client's `original_shape` and `original_shape_type`
// (RouteReportCreateParams), or, as the commercial docs also allow, the points of a route to
// report on.

/** Characters of an encoded shape: about 20,000 vertices. */
export const MAX_SHAPE_LENGTH = 200_000;

export const routeReportBody = z
  .object({
    original_shape: z.string().min(1).max(MAX_SHAPE_LENGTH).optional(),
    original_shape_type: z.enum(['polyline', 'polyline6']).optional(),
    origin: latLng.optional(),
    destination: latLng.optional(),
    waypoints: latLngList(1, MAX_WAYPOINTS).optional(),
    mode: mode.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.original_shape && !v.original_shape_type)
      ctx.addIssue({ code: 'custom', path: ['original_shape_type'], message: 'is required with original_shape: polyline or polyline6' });
    if (!v.original_shape && !(v.origin && v.destination))
      ctx.addIssue({
        code: 'custom',
        path: ['original_shape'],
        message: 'give original_shape (with original_shape_type), or origin and destination',
      });
  });

export type RouteReportRequest = z.output<typeof routeReportBody>;

const seg = z.looseObject({ offset: z.number(), length: z.number(), distance: z.number(), value: z.union([z.string(), z.number()]) });

export const routeReportResponse = z.looseObject({
  status: z.string(),
  msg: z.string().optional(),
  geometry: z.array(z.string()),
  mileage: z.array(
    z.looseObject({
      segment: z.looseObject({ country: z.array(seg), state: z.array(seg) }),
      summary: z.looseObject({ country: z.record(z.string(), z.number()), state: z.record(z.string(), z.number()) }),
    }),
  ),
  road_summary: z.array(
    z.looseObject({
      segment: z.looseObject({ max_speed: z.array(seg), road_class: z.array(seg) }),
      summary: z.looseObject({
        distance: z.number(),
        duration: z.number(),
        has_bridge: z.boolean(),
        has_toll: z.boolean(),
        has_tunnel: z.boolean(),
        has_ferry: z.boolean(),
        toll_distance: z.number().optional(),
        road_class: z.record(z.string(), z.number()),
      }),
    }),
  ),
});
