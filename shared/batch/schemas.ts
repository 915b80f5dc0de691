import { z } from 'zod';
import { identifier } from '../platform/schemas';
import { MAX_BATCH_QUERY_LENGTH, MAX_BATCH_REQUESTS } from './model';

export const batchBody = z.object({
  requests: z
    .array(z.object({ query: z.string().min(1).max(MAX_BATCH_QUERY_LENGTH) }))
    .min(1)
    .max(MAX_BATCH_REQUESTS),
});

export const batchQuery = z.object({ track_id: identifier });

export type BatchBody = z.output<typeof batchBody>;
