import { z } from 'zod';
import { okStatus } from '../../shared/platform/responses';
import { ingestOsmand, traccarJsonParams } from '../../shared/tracking/osmand';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

// The phone apps put every parameter in the query (GET, or POST with an empty body) or in a form
// body; both are read, the body winning, and checked together in shared/tracking/osmand.ts.
// Traccar Client 9 posts a JSON body of its own shape, read into the same parameters.
export const handler = httpHandler({
  name: 'tracking.osmand',
  response: okStatus,
  service: 'tracking',
  formBody: true,
  query: z.looseObject({ key: z.string().optional() }),
  body: z.record(z.string(), z.unknown()).optional(),
  run: async ({ query, body, principal }) => {
    await ingestOsmand(trackingContext(), principal.space, { ...query, ...(traccarJsonParams(body) ?? body ?? {}) });
    return { status: 'Ok' };
  },
});
