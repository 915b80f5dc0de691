import { z } from 'zod';

// GET /discover and GET /browse in the official client's parameter names (DiscoverListParams,
// BrowseSearchParams). Values are parsed by the service (service.ts), whose messages name the
// parameter and the rule, as the rest of the GET geocoding family does.

const key = z.string().optional();
const at = z.string().optional().describe('Focus point "lat,lng": results nearer it rank higher and carry `distance`');
const area = z.string().optional().describe('Hard filter: countryCode:SWE[,NOR], circle:lat,lng;r=metres or bbox:west,south,east,north');
const lang = z.string().optional().describe('BCP-47 language of the country names');
const limit = z.string().optional().describe('Number of items, 1..100 (default 10)');

export const discoverQuery = z.object({
  key,
  q: z.string({ message: 'is required' }).describe('Free text: a name, a category ("cafe"), a cuisine, a brand'),
  at,
  in: area,
  lang,
  limit,
});

export const browseQuery = z.object({
  key,
  at,
  in: area,
  categories: z.string().optional().describe('Categories joined by ",": OSM values ("cafe"), tags ("amenity=cafe") or keys ("shop")'),
  lang,
  limit,
});

const time = z.looseObject({ date: z.string(), hour: z.number(), minute: z.number() });

const item = z.looseObject({
  id: z.string(),
  title: z.string(),
  address: z.record(z.string(), z.string()),
  position: z.looseObject({ lat: z.string(), lng: z.string() }),
  access: z.looseObject({ lat: z.number(), lng: z.number() }),
  distance: z.number().optional(),
  categories: z.array(z.looseObject({ id: z.string(), name: z.string(), primary: z.string() })).optional(),
  contacts: z.array(z.looseObject({})).optional(),
  openingHours: z.looseObject({ timeRanges: z.array(z.looseObject({ startTime: time, endTime: time })) }).optional(),
  scoring: z.looseObject({ queryScore: z.number(), fieldScore: z.looseObject({}) }).optional(),
});

export const poiItemsResponse = z.looseObject({ items: z.array(item) });
