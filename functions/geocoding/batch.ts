import { warmDefaultIndex } from '../../shared/places/service';
import { batchResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './deps';

warmDefaultIndex();

// At most 100 queries, 1 request per second per key (quota batch_geocode).
export const handler = httpHandler({
  name: 'multigeocode.batch',
  response: batchResponse,
  service: 'multigeocode',
  limit: 'batch_geocode',
  run: async ({ body, principal }) => places().batch(principal.space, body),
});
