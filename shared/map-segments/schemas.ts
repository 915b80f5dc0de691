import { z } from 'zod';

// POST /map/segments: the official client sends no body and types no answer (Map.createSegment),
// so every field is optional: without `bbox` the answer describes the loaded networks; with it,
// the road segments inside.

export const DEFAULT_SEGMENT_LIMIT = 1000;
export const MAX_SEGMENT_LIMIT = 10_000;

const NUMBER = String.raw`\s*(-?\d+(?:\.\d+)?)\s*`;
const BBOX = new RegExp(`^${NUMBER},${NUMBER},${NUMBER},${NUMBER}$`);

export const segmentsBody = z
  .object({
    bbox: z
      .string()
      .transform((v, ctx) => {
        const m = BBOX.exec(v);
        const [minLat, minLon, maxLat, maxLon] = m ? m.slice(1).map(Number) : [];
        if (
          !m ||
          minLat > maxLat ||
          minLon > maxLon ||
          Math.abs(minLat) > 90 ||
          Math.abs(maxLat) > 90 ||
          Math.abs(minLon) > 180 ||
          Math.abs(maxLon) > 180
        ) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be "minLat,minLon,maxLat,maxLon" in range, min before max (as avoid=bbox: takes)',
          });
          return z.NEVER;
        }
        return { minLat, minLon, maxLat, maxLon };
      })
      .optional(),
    limit: z.number().int().min(1).max(MAX_SEGMENT_LIMIT).optional(),
  })
  .optional();

export type SegmentsRequest = z.output<typeof segmentsBody>;

const box = z.looseObject({ minLat: z.number(), minLon: z.number(), maxLat: z.number(), maxLon: z.number() });

export const segmentsResponse = z.looseObject({
  status: z.string(),
  networks: z.array(z.looseObject({ name: z.string(), bbox: box, segments: z.number() })),
  segments: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      road_class: z.string(),
      oneway: z.boolean(),
      maxspeed: z.number().optional(),
      toll: z.boolean(),
      ferry: z.boolean(),
      tunnel: z.boolean(),
      bridge: z.boolean(),
      length: z.number(),
      geometry: z.looseObject({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number())) }),
    }),
  ),
  truncated: z.boolean().optional(),
});
