import { z } from 'zod';
import { int, latLon, metaData, okData, page } from '../platform/responses';

// 200 bodies of the geofence service.

const polygon = z.looseObject({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) });

/** The record of get, list, batch get and verbose contains; absent fields are omitted. */
export const geofenceRecord = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  type: z.enum(['circle', 'polygon', 'isochrone']),
  geojson: polygon,
  circle_center: latLon.optional(),
  circle_radius: z.number().optional(),
  ic_contours_meter: z.number().optional(),
  ic_contours_minute: z.number().optional(),
  ic_coordinates: z.string().optional(),
  ic_departure_time: int.optional(),
  ic_mode: z.string().optional(),
  ic_denoise: z.number().optional(),
  tags: z.array(z.string()),
  meta_data: metaData.optional(),
  created_at: int,
  updated_at: int,
});

export const createGeofenceResponse = okData(z.looseObject({ id: z.string() }));
export const batchCreateResponse = okData(z.looseObject({ ids: z.array(z.string()) }));
export const getGeofenceResponse = okData(z.looseObject({ geofence: geofenceRecord }));
export const getManyResponse = okData(z.looseObject({ list: z.array(geofenceRecord) }));
export const listGeofencesResponse = okData(z.looseObject({ list: z.array(geofenceRecord), page }));

export const containResponse = okData(
  z.looseObject({
    result_list: z.array(
      z.looseObject({
        geofence_id: z.string(),
        geofence_detail: geofenceRecord.optional(),
        result: z.array(z.looseObject({ contain: z.boolean(), location_index: int })),
      }),
    ),
  }),
);

/** Delete responses show `ok` in lower case, as the commercial API's do. */
export const deletedResponse = z.looseObject({ status: z.literal('ok') });

/** Console preview: the boundary a create with the same body would store. */
export const consolePreviewResponse = okData(z.looseObject({ geojson: polygon }));
/** Console search: id and name of each match ("" for a geofence without a name). */
export const consoleSearchResponse = okData(z.looseObject({ result: z.array(z.looseObject({ id: z.string(), name: z.string() })) }));
