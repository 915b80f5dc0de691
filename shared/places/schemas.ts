import { z } from 'zod';
import { placeTitle } from '../geocoding';

// Multi-geocoding wire shapes of custom places (create, update, records). Search and
// batch bodies are validated by the geocoding library (shared/geocoding
// validate.ts), which knows the dataset's countries; custom places here.

export const MAX_PLACE_ITEMS = 20;
const TEXT_MAX = 256;
const text = z.string().max(TEXT_MAX);

/** `{lat, lng}`; `{lat, lon}` is accepted and stored as `lng`. */
const geopoint = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (o.lng === undefined && o.lon !== undefined) return { lat: o.lat, lng: o.lon };
    }
    return v;
  },
  z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
);

export const placeItem = z.object({
  geopoint,
  country: text.optional(),
  state: text.optional(),
  city: text.optional(),
  district: text.optional(),
  subDistrict: text.optional(),
  street: text.optional(),
  postalCode: text.optional(),
  house: text.optional(),
  building: text.optional(),
  poi: z.object({ title: text.optional() }).optional(),
  address: z.string().max(1024).optional(),
});

const named = (items: Array<Omit<z.output<typeof placeItem>, 'geopoint'>>, ctx: z.RefinementCtx) => {
  if (items[0] && !placeTitle({ ...items[0], geopoint: { lat: 0, lng: 0 } })) {
    ctx.addIssue({
      code: 'custom',
      path: [0],
      message: 'needs a name to be found by: poi.title, building, address, street, subDistrict, district, city or state',
    });
  }
};

const placeList = z.array(placeItem).min(1).max(MAX_PLACE_ITEMS).superRefine(named);

/** On update the client's items may leave out `geopoint`: the stored item at the same index keeps its own. */
const updatePlaceList = z
  .array(placeItem.extend({ geopoint: placeItem.shape.geopoint.optional() }))
  .min(1)
  .max(MAX_PLACE_ITEMS)
  .superRefine(named);

const source = z.string().trim().min(1).max(128);
const refId = z.string().max(128);
const status = z.enum(['enable', 'disable']);
const score = z.number().min(0);
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const createPlaceBody = z.object({
  place: placeList,
  dataSource: z
    .object({ source: source.default('default'), refId: refId.optional(), status: status.default('enable') })
    .default({ source: 'default', status: 'enable' }),
  score: score.nullable().optional(),
  force: flag.optional(),
});
export type CreatePlaceInput = z.output<typeof createPlaceBody>;

/**
 * PUT takes the create body with every field optional: a field sent replaces the
 * stored one (`place` as a whole; `dataSource` field by field), a field left out
 * is kept, so `{"dataSource": {"status": "disable"}}` alone hides a place.
 */
export const updatePlaceBody = z.object({
  place: updatePlaceList.optional(),
  dataSource: z.object({ source: source.optional(), refId: refId.nullable().optional(), status: status.optional() }).optional(),
  score: score.nullable().optional(),
  force: flag.optional(),
});
export type UpdatePlaceInput = z.output<typeof updatePlaceBody>;

export const docIdPath = z.object({ docId: z.string().min(1).max(256) });

/**
 * POST /multigeocode/search body, as declared for the API document. Only its
 * outline is checked here (an object with a string `query`); the geocoding
 * library validates every field with its own field-naming messages
 * (parseSearchBody: empty query, radius unit, alpha-3 countries, limit 1..100).
 */
export const searchBody = z.looseObject({
  query: z.string().describe('Free-form search text (required, not empty)'),
  at: z.unknown().optional().describe('Focus point {lat, lng} (or "lat,lng") that biases the ranking'),
  limit: z.unknown().optional().describe('Number of results, 1..100 (default 10)'),
  radius: z.unknown().optional().describe('With `at`: only places within this distance, "5000m" or "5km"'),
  country: z.unknown().optional().describe('ISO 3166 alpha-3 codes, comma-separated ("USA,CAN")'),
  state: z.unknown().optional(),
  city: z.unknown().optional(),
  street: z.unknown().optional(),
  district: z.unknown().optional(),
  subDistrict: z.unknown().optional(),
});

// The GET geocoding family (/geocode, /geocode/structured, /revgeocode, /autocomplete,
// /autosuggest, /lookup): the client's query parameters. Their values are parsed by the
// service (geocode.ts), whose messages name the parameter and the rule.
const key = z.string().optional();
const atParam = z.string().optional().describe('Focus point "lat,lng": results are ranked by distance to it and carry `distance`');
const inParam = z.string().optional().describe('Hard filter: countryCode:SWE[,NOR], circle:lat,lng;r=metres or bbox:west,south,east,north');
const langParam = z.string().optional().describe('BCP-47 language of the country names; place names have one local form');
const limitParam = z.string().optional().describe('Number of items, 1..100');

export const geocodeQuery = z.object({
  key,
  q: z.string({ message: 'is required' }).describe('Free-form text'),
  at: atParam,
  in: inParam,
  lang: langParam,
  limit: limitParam,
});

export const structuredGeocodeQuery = z.object({
  key,
  countryCode: z.string({ message: 'is required' }).describe('ISO 3166 alpha-3 code, e.g. "SWE"'),
  state: z.string().optional(),
  county: z.string().optional(),
  city: z.string().optional(),
  street: z.string().optional().describe('Not covered: the answer is city level and says so in `warnings`'),
  houseNumber: z.string().optional().describe('Not covered (see street)'),
  postalCode: z.string().optional().describe('Not covered (see street)'),
  at: atParam,
  in: z.string().optional().describe('circle:lat,lng;r=metres or bbox:west,south,east,north'),
  limit: limitParam,
});

export const revgeocodeQuery = z.object({
  key,
  at: z.string({ message: 'is required' }).describe('"lat,lng"'),
  in: inParam,
  lang: langParam,
  limit: limitParam.describe('Number of nearest places, 1..100 (default 1)'),
});

export const lookupQuery = z.object({
  key,
  id: z.string({ message: 'is required' }).describe('"gn:<geonameid>" of a default place, or a custom place docId'),
  lang: langParam,
});
