import { z } from 'zod';

// 200 bodies of multi-geocoding.

const text = z.string().optional();

const placeItem = z.looseObject({
  geopoint: z.looseObject({ lat: z.number(), lng: z.number() }),
  country: text,
  state: text,
  city: text,
  district: text,
  subDistrict: text,
  street: text,
  postalCode: text,
  house: text,
  building: text,
  poi: z.looseObject({ title: text }).optional(),
  address: text,
});

const dataSource = z.looseObject({ source: z.string(), refId: text, status: z.enum(['enable', 'disable']) });

/** A search entity, and the record of GET and PUT /multigeocode/place/{docId}. */
export const placeRecord = z.looseObject({ docId: z.string(), place: z.array(placeItem), dataSource, score: z.number() });

/** The client's geocoding Item (HERE-style); `position` has string coordinates as its type says. */
const item = z.looseObject({
  id: z.string(),
  title: z.string(),
  address: z.record(z.string(), z.string()),
  position: z.looseObject({ lat: z.string(), lng: z.string() }),
  access: z.looseObject({ lat: z.number(), lng: z.number() }),
  distance: z.number().optional(),
  scoring: z.looseObject({ queryScore: z.number(), fieldScore: z.looseObject({}) }).optional(),
});

export const searchResponse = z.looseObject({ entities: z.array(placeRecord) });
/** The client's GeocodeBatchCreateResponse.Item, plus the query it answers. */
const batchItem = item.extend({ query_index: z.number().int(), scoring: item.shape.scoring.unwrap() });

/** Waymark's per-query `results`, and the client's flat `items` (the seed shows no batch shape). */
export const batchResponse = z.looseObject({ results: z.array(searchResponse), items: z.array(batchItem) });
export const createPlaceResponse = z.looseObject({ docId: z.string() });
/** The seed's record, with the client's PlaceUpdateResponse `{status, msg}` (strings). */
export const updatePlaceResponse = placeRecord.extend({ status: z.literal('Ok'), msg: z.string() });

/** Get and delete answers also carry status 200 and msg, as the commercial API's do. */
const statusMsg = { status: z.literal(200), msg: z.string() };
/** `dataSorce`: the client's PlaceRetrieveResponse spells it so; sent beside `dataSource`. */
export const getPlaceResponse = placeRecord.extend({ ...statusMsg, dataSorce: dataSource });
export const deletePlaceResponse = z.looseObject(statusMsg);

/** GET /geocode, /revgeocode, /autocomplete, /autosuggest, /lookup. */
export const itemsResponse = z.looseObject({ items: z.array(item) });
/** GET /geocode/structured: `warnings` names the fields the dataset does not cover (street, houseNumber, postalCode). */
export const structuredResponse = itemsResponse.extend({ warnings: z.array(z.string()).optional() });
