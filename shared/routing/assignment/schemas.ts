import { z } from 'zod';

// POST /optimization/driver-assignment/v1, in the official client's field names.

export const MAX_ORDERS = 200;
export const MAX_VEHICLES = 100;
export const OPERATORS = ['==', '!=', '<', '<=', '>', '>='] as const;

const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);
const latLng = z.object({ lat, lng: lon });
const latLon = z.object({ lat, lon });

export const condition = z.object({ attribute: z.string().min(1).max(128), operator: z.enum(OPERATORS), value: z.string().max(1024) });
const priorityMapping = condition.extend({
  priority: z.string().regex(/^([1-9]|10)$/, 'must be "1" to "10"'),
});
const attributes = z.record(z.string().min(1).max(128), z.union([z.string().max(1024), z.number(), z.boolean()]));

export const assignmentBody = z
  .object({
    filter: z
      .object({
        radius: z.number().min(1).max(10_000).optional(),
        pickup_eta: z.number().min(1).max(3600).optional(),
        driving_distance: z.number().min(1).max(10_000).optional(),
      })
      .refine((f) => [f.radius, f.pickup_eta, f.driving_distance].filter((x) => x !== undefined).length === 1, {
        message: 'must have exactly one of radius, pickup_eta, driving_distance',
      }),
    orders: z
      .array(
        z.object({
          id: z.string().min(1).max(128),
          pickup: latLng,
          dropoffs: z.array(latLng).max(20).optional(),
          attributes: attributes.optional(),
          priority: z.number().optional(),
          service_time: z.number().min(0).optional(),
          vehicle_preferences: z
            .object({
              required_all_of_attributes: z.array(condition).optional(),
              required_any_of_attributes: z.array(condition).optional(),
              exclude_all_of_attributes: z.array(condition).optional(),
            })
            .optional(),
        }),
      )
      .min(1)
      .max(MAX_ORDERS),
    vehicles: z
      .array(
        z.object({
          id: z.string().min(1).max(128),
          location: latLon,
          attributes: attributes.optional(),
          priority: z.number().optional(),
          remaining_waypoints: z.array(latLon).max(20).optional(),
        }),
      )
      .min(1)
      .max(MAX_VEHICLES),
    options: z
      .object({
        alternate_assignments: z.number().int().min(0).max(3).optional(),
        dropoff_details: z.boolean().optional(),
        travel_cost: z.enum(['driving_eta', 'driving_distance', 'straight_line_distance']).optional(),
        order_attribute_priority_mappings: z.array(priorityMapping).optional(),
        vehicle_attribute_priority_mappings: z.array(priorityMapping).optional(),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    const seen = (list: Array<{ id: string }>, name: string) => {
      const ids = new Set<string>();
      list.forEach((x, i) => {
        if (ids.has(x.id)) ctx.addIssue({ code: 'custom', path: [name, i, 'id'], message: `"${x.id.slice(0, 40)}" is used twice` });
        ids.add(x.id);
      });
    };
    seen(b.orders, 'orders');
    seen(b.vehicles, 'vehicles');
  });

export type AssignmentBody = z.output<typeof assignmentBody>;
export type Condition = z.output<typeof condition>;
