import { z } from 'zod';
import { assetId } from '../tracking/schemas';
import { freeJsonObject } from '../platform/limits';
import { attributeMap, identifier } from '../platform/schemas';

// Request schemas of trips, as the commercial API's client sends them. Unknown fields (and the
// `cluster` query parameter) are ignored.

export const MAX_STOPS = 100;
const MAX_META_DATA_BYTES = 16_384;
const MAX_STOP_META_DATA_BYTES = 2048;

const metaData = freeJsonObject;

const stop = z.object({
  geofence_id: identifier.optional(),
  name: z.string().max(256).optional(),
  meta_data: metaData(MAX_STOP_META_DATA_BYTES).optional(),
});

const fields = {
  name: z.string().max(256).optional(),
  description: z.string().max(1024).optional(),
  attributes: attributeMap.optional(),
  meta_data: metaData(MAX_META_DATA_BYTES).optional(),
  stops: z.array(stop).max(MAX_STOPS).optional(),
};

export const startTripBody = z.object({ asset_id: assetId, custom_id: identifier.optional(), ...fields });
export type StartTripInput = z.output<typeof startTripBody>;

export const endTripBody = z.object({ id: identifier });

/** PUT: `asset_id` is required (the client sends it) and must be the trip's own; each field given replaces the stored one. */
export const updateTripBody = z.object({ asset_id: assetId, ...fields });
export type UpdateTripInput = z.output<typeof updateTripBody>;

export const tripPath = z.object({ id: identifier });
export const tripQuery = z.object({ key: z.string().optional() });
