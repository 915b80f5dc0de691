import { z } from 'zod';
import { int, metaData, okData } from '../platform/responses';
import { asset, locationRecord } from '../tracking/responses';

// 200 bodies of trips (the tracking envelope {status: "Ok", data}). Times are Unix ms.

const stop = z.looseObject({ geofence_id: z.string(), name: z.string(), meta_data: metaData });

export const trip = z.looseObject({
  id: z.string(),
  asset_id: z.string(),
  name: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  meta_data: metaData,
  state: z.enum(['active', 'ended']),
  started_at: int,
  ended_at: int.nullable(),
  created_at: int,
  updated_at: int,
  stops: z.array(stop),
  route: z.array(locationRecord),
});

/** A stop in the summary: when the track was first inside its geofence and when it last left it. */
const summaryStop = stop.extend({
  arrived_at: int.nullable(),
  departed_at: int.nullable(),
  geofence: z.looseObject({ id: z.string(), name: z.string(), type: z.string() }).nullable(),
});

export const startTripResponse = okData(z.looseObject({ id: z.string() }));
export const getTripResponse = okData(z.looseObject({ trip }));
export const tripStatusResponse = z.looseObject({ status: z.literal('Ok'), message: z.string().optional() });
export const tripSummaryResponse = okData(
  z.looseObject({
    trip: trip.extend({
      stops: z.array(summaryStop),
      asset: asset.nullable(),
      distance: z.number().optional(),
      duration: z.number().optional(),
      geometry: z.array(z.string()).optional(),
      mapmatch: z.looseObject({ matched: z.boolean(), message: z.string().optional(), network: z.string().optional() }),
    }),
  }),
);
