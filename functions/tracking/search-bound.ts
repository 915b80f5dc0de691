import { parseBound } from '../../shared/geo';
import { searchResponse } from '../../shared/tracking/responses';
import { searchBoundQuery } from '../../shared/tracking/schemas';
import { geoInput } from '../../shared/tracking/errors';
import { attributeFilterFromQuery } from '../../shared/tracking/filters';
import { searchSort } from '../../shared/tracking/ranking';
import { searchArea, searchAreaLimitKm2 } from '../../shared/tracking/search';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.searchBound',
  response: searchResponse,
  service: 'tracking',
  query: searchBoundQuery,
  run: async ({ query, principal }) => {
    const { box } = geoInput('query.bound', () => parseBound(query.bound, 'query.bound', searchAreaLimitKm2(query.max_search_limit)));
    const { msg, ...data } = await searchArea(
      trackingContext(),
      principal.space,
      { type: 'bbox', box },
      {
        filter: attributeFilterFromQuery(query),
        pn: query.pn ?? 1,
        ps: query.ps ?? 20,
        field: 'query.bound',
        sort: searchSort(query, 'query.'),
      },
    );
    return { status: 'Ok', msg, data };
  },
});
