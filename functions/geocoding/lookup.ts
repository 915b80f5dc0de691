import { warmDefaultIndex } from '../../shared/places/service';
import { lookupQuery } from '../../shared/places/schemas';
import { itemsResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { geocoder } from './deps';

warmDefaultIndex();

// One place by any id a search answers (gazetteer, street, junction, address, named place),
// else a custom place of the key's space (404 otherwise).
export const handler = httpHandler({
  name: 'geocode.lookup',
  response: itemsResponse,
  service: 'multigeocode',
  query: lookupQuery,
  run: async ({ query, principal }) => geocoder().lookup(principal.space, query),
});
