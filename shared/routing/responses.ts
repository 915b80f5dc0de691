import { z } from 'zod';

// 200 bodies of the routing API, in the official client's shapes (docs/api/routing.md).

const location = z.looseObject({ latitude: z.number(), longitude: z.number() });
const value = z.looseObject({ value: z.number() });
const lineFeature = z.looseObject({
  type: z.literal('Feature'),
  properties: z.string(),
  geometry: z.looseObject({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number())) }),
});

export const directionsStep = z.looseObject({
  distance: value,
  duration: value,
  geometry: z.string(),
  geojson: lineFeature.optional(),
  start_location: location,
  end_location: location,
  /** Road name from the graph, '' when unnamed. */
  name: z.string(),
  maneuver: z.looseObject({
    bearing_before: z.number(),
    bearing_after: z.number(),
    coordinate: location,
    maneuver_type: z.enum(['depart', 'turn', 'new name', 'arrive']),
    modifier: z.string(),
  }),
});

/**
 * A rest of `drive_time_limits` (the client's types have no field for them): where the limit ran
 * out, in which leg, when the rest starts (seconds after departure, earlier rests included) and
 * how long it lasts.
 */
const restStop = z.looseObject({ location, leg_index: z.number().int(), time: z.number(), duration: z.number() });

export const directionsRoute = z.looseObject({
  distance: z.number(),
  /** Seconds, rests of drive_time_limits included. */
  duration: z.number(),
  /** With drive_time_limits only: the rests in route order. */
  rest_stops: z.array(restStop).optional(),
  geometry: z.string().optional(),
  geojson: lineFeature.optional(),
  start_location: location,
  end_location: location,
  legs: z.array(
    z.looseObject({
      distance: value,
      duration: value,
      start_location: location,
      end_location: location,
      steps: z.array(directionsStep).optional(),
    }),
  ),
});

/** `route` is the best route (the client's type); `routes` adds the alternatives after it. */
export const directionsResponse = z.looseObject({
  status: z.string(),
  msg: z.string().optional(),
  /** Set when a route drives on past its last drive_time_limits entry (the client docs' "warning"). */
  warning: z.array(z.string()).optional(),
  route: directionsRoute,
  routes: z.array(directionsRoute),
});

export const distanceMatrixResponse = z.looseObject({
  status: z.string(),
  /** Set when no road network covered the points: the figures are great-circle estimates. */
  msg: z.string().optional(),
  rows: z.array(z.looseObject({ elements: z.array(z.looseObject({ distance: z.number(), duration: z.number() })) })),
});

export const isochroneResponse = z.looseObject({
  status: z.string(),
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.looseObject({
      type: z.literal('Feature'),
      geometry: z.union([
        z.looseObject({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
        z.looseObject({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number())) }),
      ]),
      properties: z.looseObject({
        contour: z.number(),
        metric: z.enum(['time', 'distance']),
        color: z.string(),
        fill: z.string(),
        fillColor: z.string(),
        fillOpacity: z.number(),
        opacity: z.number(),
      }),
    }),
  ),
});

export const snapToRoadsResponse = z.looseObject({
  status: z.string(),
  msg: z.string().optional(),
  distance: z.number(),
  geometry: z.array(z.string()),
  geojson: lineFeature.optional(),
  snappedPoints: z.array(
    z.looseObject({
      location,
      bearing: z.number(),
      distance: z.number(),
      name: z.string(),
      /** The input point's index; -1 on the path points `interpolate=true` adds between the input's. */
      originalIndex: z.number().int().min(-1),
    }),
  ),
  road_info: z
    .looseObject({ max_speed: z.array(z.looseObject({ offset: z.number().int(), length: z.number().int(), value: z.number() })) })
    .optional(),
});

export const areasResponse = z.array(
  z.looseObject({ code: z.string(), name: z.string(), modes: z.array(z.string()), timezone: z.number() }),
);

const tripStep = z.looseObject({ distance: z.number(), duration: z.number(), geometry: z.string(), geojson: lineFeature.optional() });

export const optimizationV1Response = z.looseObject({
  code: z.string(),
  location,
  trips: z.array(
    z.looseObject({
      distance: z.number(),
      duration: z.number(),
      geometry: z.string().optional(),
      geojson: lineFeature.optional(),
      legs: z.array(z.looseObject({ distance: z.number(), duration: z.number(), summary: z.string(), steps: z.array(tripStep) })),
    }),
  ),
  waypoints: z.array(z.looseObject({ location, name: z.string(), trips_index: z.number().int(), waypoint_index: z.number().int() })),
});
