import { z } from 'zod';

// The 200 body of driver assignment; `steps` is an array (the client types one object, which cannot hold a route).

const latLon = z.looseObject({ lat: z.number(), lon: z.number() });

export const assignmentResponse = z.looseObject({
  status: z.number().int(),
  /** Set when no road network covered the points: figures are great-circle estimates. */
  message: z.string().optional(),
  result: z.looseObject({
    trips: z.array(
      z.looseObject({
        trip_id: z.string(),
        vehicle: z.looseObject({
          id: z.string(),
          vehicle_current_location: latLon,
          steps: z.array(
            z.looseObject({
              order_id: z.string().optional(),
              type: z.enum(['pickup', 'dropoff', 'ongoing']),
              location: latLon,
              eta: z.number(),
              distance: z.number(),
            }),
          ),
        }),
      }),
    ),
    unassigned_orders: z.array(z.looseObject({ order_id: z.string(), unassigned_reason: z.string() })).nullable(),
    available_vehicles: z.array(z.string()).nullable(),
    alternate_assignments: z
      .array(
        z.looseObject({
          order_id: z.string(),
          assignments: z.array(z.looseObject({ vehicle_id: z.string(), pickup_eta: z.number() })),
        }),
      )
      .nullable(),
  }),
});
