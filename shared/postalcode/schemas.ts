import { z } from 'zod';

// POST /postalcode, in the official client's field names (PostalcodeRetrieveCoordinatesParams).

/** Longest postal code accepted (the longest national formats have 10 characters with spaces). */
export const MAX_POSTCODE_LENGTH = 16;

export const postalcodeBody = z
  .object({
    postalcode: z.string().trim().min(1, 'must not be empty').max(MAX_POSTCODE_LENGTH).optional(),
    country: z.string().trim().min(1, 'must not be empty').max(64).optional(),
    at: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
    format: z.literal('geojson').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.postalcode && !v.country)
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'is required with postalcode (a name or an ISO 3166 alpha-2/3 code)' });
    if (!v.postalcode && !v.at) ctx.addIssue({ code: 'custom', path: ['postalcode'], message: 'give postalcode and country, or at' });
  });

export type PostalcodeRequest = z.output<typeof postalcodeBody>;

const point = z.object({ lat: z.number(), lng: z.number() });

/** The client's PostalcodeRetrieveCoordinatesResponse: `places` is one object; absent when nothing matched. */
export const postalcodeResponse = z.looseObject({
  places: z
    .looseObject({
      postalcode: z.string(),
      address: z.string(),
      country: z.string().optional(),
      countryCode: z.string().optional(),
      state: z.string().optional(),
      district: z.string().optional(),
      geopoint: point,
      distance: z.number().optional(),
      boundary: z
        .looseObject({
          type: z.string().optional(),
          properties: z.string().optional(),
          geometry: z.looseObject({ type: z.string(), coordinates: z.array(z.array(z.array(z.number()))) }).optional(),
          multipolygon: z.array(z.looseObject({ polygon: z.array(z.looseObject({ points: z.array(point) })) })).optional(),
        })
        .optional(),
    })
    .optional(),
  warning: z.array(z.string()).optional(),
});

export type PostalcodeResponse = z.output<typeof postalcodeResponse>;
