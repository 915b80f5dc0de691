import { warmDefaultIndex } from '../../shared/places/service';
import { geocodeQuery } from '../../shared/places/schemas';
import { itemsResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { geocoder } from './deps';

warmDefaultIndex();

// Free text over the gazetteer and the space's custom places, answered in the client's Item shape.
export const handler = httpHandler({
  name: 'geocode.geocode',
  response: itemsResponse,
  service: 'multigeocode',
  query: geocodeQuery,
  run: async ({ query, principal }) => geocoder().freeText(principal.space, 'geocode', query),
});
