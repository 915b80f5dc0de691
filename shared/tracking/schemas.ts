import { z } from 'zod';
import { freeJsonObject, storableNumber } from '../platform/limits';
import { attributeFilterMap, attributeMap, commaList, pagination, queryBoolean, queryInt, queryTimeMs } from '../platform/schemas';

// Request schemas of the live tracking service, as the commercial API and its official client send them.
// Every field the official client sends is either honoured or refused; other unknown fields (and query
// parameters such as `cluster`) are ignored.

/** Latest timestamp accepted: 13-digit Unix milliseconds. */
const MAX_TS_MS = 9_999_999_999_999;
const MIN_TS_MS = 1_000_000_000_000;

/** Asset ids (generated or custom): 1-128 characters, no control characters, not the reserved "list". */
export const assetId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters')
  .refine((v) => v !== 'list', { message: 'must not be "list" (reserved by GET /asset/list)' });

export const assetPath = z.object({ id: assetId });

const baseQuery = { key: z.string().optional() };
export const keyQuery = z.object(baseQuery);

const attributes = attributeMap;

/** Deprecated by the commercial API in favour of attributes, still sent by its client: kept and filterable. */
const tags = z.array(z.string().min(1).max(256)).max(100);

/** Free-form meta_data, bounded so an asset item (with its latest point) stays far below DynamoDB's 400 KB. */
const metaData = freeJsonObject;
const assetMetaData = metaData(16_384);
const pointMetaData = metaData(2048);

export const createAssetBody = z.object({
  custom_id: assetId.optional(),
  name: z.string().max(256).optional(),
  description: z.string().max(1024).optional(),
  attributes: attributes.optional(),
  meta_data: assetMetaData.optional(),
  tags: tags.optional(),
});

export const updateAssetBody = z.object({
  name: z.string().max(256).optional(),
  description: z.string().max(1024).optional(),
  attributes: attributes.optional(),
  meta_data: assetMetaData.optional(),
  tags: tags.optional(),
});

export const attributesBody = z.object({ attributes });

export const bindBody = z.object({ device_id: z.string().min(1).max(128) });

/** The rules of each number of a point, shared by every way a point arrives (JSON upload, OsmAnd). */
export const pointRules = {
  lat: storableNumber().min(-90).max(90),
  lon: storableNumber().min(-180).max(180),
  timestamp: z
    .number()
    .int()
    .refine((v) => v >= MIN_TS_MS && v <= MAX_TS_MS, { message: 'must be Unix milliseconds (13 digits)' }),
  // Stored as DynamoDB numbers: each must be storable (shared/platform/limits.ts).
  accuracy: storableNumber().min(0),
  speed: storableNumber().min(0),
  bearing: storableNumber().min(0).max(360),
  altitude: storableNumber(),
  battery_level: storableNumber().min(0).max(100),
};

/** One location record of an upload. */
export const locationRecord = z.object({
  location: z.object({ lat: pointRules.lat, lon: pointRules.lon }),
  timestamp: pointRules.timestamp,
  accuracy: pointRules.accuracy.optional(),
  speed: pointRules.speed.optional(),
  bearing: pointRules.bearing.optional(),
  altitude: pointRules.altitude.optional(),
  battery_level: pointRules.battery_level.optional(),
  meta_data: pointMetaData.optional(),
  tracking_mode: z.string().max(64).optional(),
});

export const MAX_LOCATIONS_PER_UPLOAD = 1000;

export const trackBody = z.object({
  device_id: z.string().min(1).max(128),
  // The official client may send a single object instead of an array.
  locations: z.preprocess(
    (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? [v] : v),
    z.array(locationRecord).min(1).max(MAX_LOCATIONS_PER_UPLOAD),
  ),
});

const attributeFilterQuery = {
  include_all_of_attributes: z.string().optional(),
  include_any_of_attributes: z.string().optional(),
};

export const listAssetsQuery = z.object({
  ...baseQuery,
  ...attributeFilterQuery,
  sort: z.string().optional(),
  tags: commaList.optional(),
  ...pagination,
});

export const locationListQuery = z.object({
  ...baseQuery,
  start_time: queryTimeMs.optional(),
  end_time: queryTimeMs.optional(),
  geometry_type: z.enum(['polyline', 'polyline6', 'geojson']).optional(),
  correction: z.string().optional(),
  pn: pagination.pn,
  ps: queryInt(1, 500).optional(),
});

const searchPaging = { pn: pagination.pn, ps: pagination.ps };

/** The client's around and bound types quote these values in backticks; both spellings are accepted. */
const unquoted = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/^`(.*)`$/, '$1') : v), z.enum(values));

export const sortBy = unquoted(['distance', 'duration', 'straight_distance']);
export const sortDrivingMode = unquoted(['car', 'truck']);

/** Options of every search: the deprecated tag filter, the larger area limit, ranking towards a destination. */
const searchOptions = {
  filter: commaList.optional(),
  max_search_limit: queryBoolean.optional(),
  sort_by: sortBy.optional(),
  sort_destination: z.string().optional(),
  sort_driving_mode: sortDrivingMode.optional(),
};

export const MAX_AROUND_RADIUS_M = 50_000;

export const searchAroundQuery = z.object({
  ...baseQuery,
  ...attributeFilterQuery,
  ...searchPaging,
  ...searchOptions,
  center: z.string({ message: 'is required' }),
  radius: z
    .string({ message: 'is required' })
    .regex(/^\d+(\.\d+)?$/, 'must be a positive number of metres')
    .transform(Number)
    .pipe(z.number().gt(0).max(MAX_AROUND_RADIUS_M)),
});

export const searchBoundQuery = z.object({
  ...baseQuery,
  ...attributeFilterQuery,
  ...searchPaging,
  ...searchOptions,
  bound: z.string({ message: 'is required' }),
});

export const searchPolygonQuery = z.object({
  ...baseQuery,
  ...attributeFilterQuery,
  ...searchPaging,
  ...searchOptions,
  polygon: z.string({ message: 'is required' }),
});

/** POST /search/polygon also takes pn/ps in the query (the body wins). */
export const searchPolygonBodyQuery = z.object({ ...baseQuery, ...searchPaging });

export const searchPolygonBody = z.object({
  polygon: z.unknown().refine((v) => v !== undefined && v !== null, { message: 'is required' }),
  match_filter: z
    .object({
      include_all_of_attributes: attributeFilterMap.optional(),
      include_any_of_attributes: attributeFilterMap.optional(),
    })
    .optional(),
  filter: z.union([z.array(z.string()), commaList]).optional(),
  max_search_limit: z.union([z.boolean(), queryBoolean]).optional(),
  sort: z
    .object({
      sort_by: sortBy.optional(),
      // {lat, lon} in the client's type; the "lat,lon" text of the GET searches is accepted too.
      sort_destination: z.union([z.object({ lat: z.number(), lon: z.number() }), z.string()]).optional(),
      sort_driving_mode: sortDrivingMode.optional(),
    })
    .optional(),
  pn: z.coerce.number().int().min(1).max(1_000_000).optional(),
  ps: z.coerce.number().int().min(1).max(100).optional(),
});

export type CreateAssetBody = z.output<typeof createAssetBody>;
export type UpdateAssetBody = z.output<typeof updateAssetBody>;
export type TrackBody = z.output<typeof trackBody>;
export type LocationInput = z.output<typeof locationRecord>;
