import { z } from 'zod';

// 200 bodies of batch routing.

const status = z.enum(['success', 'failed', 'pending']);

export const batchCreateResponse = z.looseObject({ track_id: z.string(), status, msg: z.string().optional() });

export const batchResultResponse = z.looseObject({
  track_id: z.string(),
  status,
  msg: z.string().optional(),
  /** In the order of the requests; each `response` is the routing operation's own body (or its error body). */
  responses: z.array(z.looseObject({ status_code: z.number().int(), response: z.unknown() })).optional(),
});
