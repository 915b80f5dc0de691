import { warmDefaultIndex } from '../../shared/places/service';
import { searchBody } from '../../shared/places/schemas';
import { searchResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './deps';

// The default index is built while the module loads (the cold start), not by the first search.
warmDefaultIndex();

// The geocoding library validates the body field by field (messages name field and rule; empty query -> 400).
export const handler = httpHandler({
  name: 'multigeocode.search',
  response: searchResponse,
  service: 'multigeocode',
  body: searchBody,
  run: async ({ body, principal }) => places().search(principal.space, body),
});
