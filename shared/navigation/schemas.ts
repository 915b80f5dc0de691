import { z } from 'zod';
import { directionsFields } from '../routing/schemas';
import { directionsRoute, directionsStep } from '../routing/responses';

// GET /navigation/json in the official client's names (NavigationRetrieveRouteParams): the
// directions fields it lists, and `lang`.

export const navigationQuery = directionsFields
  .pick({
    origin: true,
    destination: true,
    waypoints: true,
    mode: true,
    avoid: true,
    approaches: true,
    bearings: true,
    alternatives: true,
    altcount: true,
    geometry: true,
    overview: true,
    departure_time: true,
  })
  .extend({
    lang: z.string().max(35).optional().describe('BCP-47 language of the instructions; English when not written in it (a warning says so)'),
    original_shape: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v !== undefined)
          ctx.addIssue({ code: 'custom', message: 'navigation along a given shape is not served; send origin, destination and waypoints' });
        return undefined;
      }),
    original_shape_type: z.enum(['polyline', 'polyline6']).optional(),
  })
  .superRefine((v, ctx) => {
    const points = 2 + (v.waypoints?.length ?? 0);
    if (v.bearings && v.bearings.length !== points)
      ctx.addIssue({ code: 'custom', path: ['bearings'], message: `must have one entry per point (${points}), joined by ";"` });
    if (v.approaches && v.approaches.length !== points - 1)
      ctx.addIssue({
        code: 'custom',
        path: ['approaches'],
        message: `must have one entry per stop after the origin (${points - 1}), joined by ";"`,
      });
  });

export type NavigationParams = z.output<typeof navigationQuery>;

const spoken = z.looseObject({ distance_along_geometry: z.number(), instruction: z.string(), unit: z.string() });
const point = z.looseObject({ latitude: z.number(), longitude: z.number(), name: z.string().optional() });

const step = directionsStep.extend({
  driving_side: z.string(),
  intersections: z.array(
    z.looseObject({
      location: point,
      bearings: z.array(z.number()),
      entry: z.array(z.boolean()),
      intersection_in: z.number(),
      intersection_out: z.number(),
    }),
  ),
  maneuver: directionsStep.shape.maneuver.extend({
    coordinate: point,
    instruction: z.string(),
    muted: z.boolean(),
    voice_instruction: z.array(spoken),
  }),
  /** Not in the client's types: what a navigation screen shows until the next maneuver. */
  banner_instructions: z
    .array(
      z.looseObject({
        distance_along_geometry: z.number(),
        primary: z.looseObject({ text: z.string(), type: z.string(), modifier: z.string() }),
      }),
    )
    .optional(),
});

const route = directionsRoute.extend({
  distance_full: z.number(),
  raw_duration: z.number(),
  predicted_duration: z.number(),
  weight: z.number(),
  legs: z.array(directionsRoute.shape.legs.element.extend({ raw_duration: z.number(), steps: z.array(step) })),
});

export const navigationResponse = z.looseObject({ status: z.string(), warning: z.array(z.string()).optional(), routes: z.array(route) });
