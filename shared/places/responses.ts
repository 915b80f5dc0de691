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

export const searchResponse = z.looseObject({ entities: z.array(placeRecord) });
export const batchResponse = z.looseObject({ results: z.array(searchResponse) });
export const createPlaceResponse = z.looseObject({ docId: z.string() });
export const updatePlaceResponse = placeRecord;

/** Get and delete answers also carry status 200 and msg, as the commercial API's do. */
const statusMsg = { status: z.literal(200), msg: z.string() };
export const getPlaceResponse = placeRecord.extend(statusMsg);
export const deletePlaceResponse = z.looseObject(statusMsg);
