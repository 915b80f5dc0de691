import { z } from 'zod';

// Building blocks of the 200 response schemas. Objects are loose: the public
// API may grow fields, and a client must not break on one it does not know;
// what the spec documents promise is required.

export const int = z.number().int();

export const latLon = z.looseObject({ lat: z.number(), lon: z.number() });

/** The paging block every list answers with: page{total, offset, page, size, hasmore}. */
export const page = z.looseObject({ total: int, offset: int, page: int, size: int, hasmore: z.boolean() });

export const metaData = z.record(z.string(), z.unknown());

/** Tracking and geofence envelope: {"status":"Ok","data":{...}}. */
export const okData = <T extends z.ZodType>(data: T) => z.looseObject({ status: z.literal('Ok'), data });

/** A write that returns nothing but its status. */
export const okStatus = z.looseObject({ status: z.literal('Ok') });
