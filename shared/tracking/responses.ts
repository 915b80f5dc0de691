import { z } from 'zod';
import { int, latLon, metaData, okData, page } from '../platform/responses';

// 200 bodies of live tracking. Location and
// event timestamps are Unix ms, created_at/updated_at Unix seconds.

export const locationRecord = z.looseObject({
  location: latLon,
  timestamp: int,
  accuracy: z.number().optional(),
  speed: z.number().optional(),
  bearing: z.number().optional(),
  altitude: z.number().optional(),
  battery_level: z.number().optional(),
  meta_data: metaData.optional(),
  tracking_mode: z.string().optional(),
});

export const asset = z.looseObject({
  id: z.string(),
  device_id: z.string(),
  state: z.enum(['active', 'inactive']),
  name: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  meta_data: metaData,
  tags: z.array(z.string()),
  created_at: int,
  updated_at: int,
  tracked_at: int,
  latest_location: locationRecord.nullable(),
});

const snappedPoint = z.looseObject({ location: latLon, bearing: z.number(), distance: z.number(), name: z.string(), originalIndex: int });

export const createAssetResponse = okData(z.looseObject({ id: z.string() }));
export const getAssetResponse = okData(z.looseObject({ asset }));
export const listAssetsResponse = okData(z.looseObject({ list: z.array(asset), page }));
/** No `location` before the asset's first upload. */
export const lastLocationResponse = okData(z.looseObject({ location: locationRecord.optional() }));

/** geometry, geojson and snapped_points come with geometry_type and correction=mapmatch=1. */
export const listLocationsResponse = okData(
  z.looseObject({
    list: z.array(locationRecord),
    page,
    distance: z.number(),
    geometry: z.array(z.string()).optional(),
    geojson: z
      .looseObject({
        type: z.literal('Feature'),
        geometry: z.looseObject({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number())) }),
        properties: z.looseObject({}),
      })
      .optional(),
    snapped_points: z.array(snappedPoint).optional(),
  }),
);

/** Search responses carry `msg` besides the usual envelope: empty, or why the ranking differs from the one asked for. */
export const searchResponse = z.looseObject({
  status: z.literal('Ok'),
  msg: z.string(),
  data: z.looseObject({
    assets: z.array(
      asset.extend({ ranking_info: z.looseObject({ index: int, distance: z.number().optional(), duration: z.number().optional() }) }),
    ),
    page,
  }),
});
