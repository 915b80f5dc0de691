import { getDefaultIndex } from '../../shared/geocoding';
import { browse, browseQuery, poiItemsResponse } from '../../shared/discover';
import { warmDefaultIndex } from '../../shared/places/service';
import { httpHandler } from '../lib/http-handler';
import { pois } from './deps';

warmDefaultIndex();

// Points of interest by category around a point or within an area, nearest first.
export const handler = httpHandler({
  name: 'geocode.browse',
  service: 'multigeocode',
  query: browseQuery,
  response: poiItemsResponse,
  run: async ({ query }) => browse({ pois, defaultIndex: getDefaultIndex }, query),
});
