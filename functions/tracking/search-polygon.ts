import { parseSearchPolygon } from '../../shared/geo';
import { searchResponse } from '../../shared/tracking/responses';
import { searchPolygonQuery } from '../../shared/tracking/schemas';
import { geoInput } from '../../shared/tracking/errors';
import { attributeFilterFromQuery } from '../../shared/tracking/filters';
import { searchSort } from '../../shared/tracking/ranking';
import { searchArea, searchAreaLimitKm2 } from '../../shared/tracking/search';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

// GET /search/polygon?polygon=lat,lon|lat,lon|...|first
export const handler = httpHandler({
  name: 'tracking.searchPolygon',
  response: searchResponse,
  service: 'tracking',
  query: searchPolygonQuery,
  run: async ({ query, principal }) => {
    const limit = searchAreaLimitKm2(query.max_search_limit);
    const polygon = geoInput('query.polygon', () => parseSearchPolygon(query.polygon, 'query.polygon', limit));
    const { msg, ...data } = await searchArea(
      trackingContext(),
      principal.space,
      { type: 'polygon', ring: polygon.ring },
      {
        filter: attributeFilterFromQuery(query),
        pn: query.pn ?? 1,
        ps: query.ps ?? 20,
        field: 'query.polygon',
        sort: searchSort(query, 'query.'),
      },
    );
    return { status: 'Ok', msg, data };
  },
});
