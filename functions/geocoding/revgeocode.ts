import { warmDefaultIndex } from '../../shared/places/service';
import { revgeocodeQuery } from '../../shared/places/schemas';
import { itemsResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { geocoder } from './deps';

warmDefaultIndex();

// The places nearest to `at` (gazetteer and custom places), nearest first, each with its distance.
export const handler = httpHandler({
  name: 'geocode.revgeocode',
  response: itemsResponse,
  service: 'multigeocode',
  query: revgeocodeQuery,
  run: async ({ query, principal }) => geocoder().reverse(principal.space, query),
});
