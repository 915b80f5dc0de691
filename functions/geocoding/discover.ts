import { getDefaultIndex } from '../../shared/geocoding';
import { discover, discoverQuery, poiItemsResponse } from '../../shared/discover';
import { warmDefaultIndex } from '../../shared/places/service';
import { httpHandler } from '../lib/http-handler';
import { geocoder, pois } from './deps';

warmDefaultIndex();

// Points of interest by free text, with the places the geocoder finds for the same text.
export const handler = httpHandler({
  name: 'geocode.discover',
  service: 'multigeocode',
  query: discoverQuery,
  response: poiItemsResponse,
  run: async ({ query, principal }) =>
    discover({ pois, defaultIndex: getDefaultIndex, places: (q) => geocoder().freeText(principal.space, 'geocode', q) }, query),
});
