import { parseLatLon } from '../../shared/geo';
import { searchResponse } from '../../shared/tracking/responses';
import { searchAroundQuery } from '../../shared/tracking/schemas';
import { geoInput } from '../../shared/tracking/errors';
import { attributeFilterFromQuery } from '../../shared/tracking/filters';
import { searchArea } from '../../shared/tracking/search';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.searchAround',
  response: searchResponse,
  service: 'tracking',
  query: searchAroundQuery,
  run: async ({ query, principal }) => {
    const center = geoInput('query.center', () => parseLatLon(query.center, 'query.center'));
    const filter = attributeFilterFromQuery(query);
    const data = await searchArea(
      trackingContext(),
      principal.space,
      { type: 'circle', center, radius: query.radius },
      { filter, pn: query.pn ?? 1, ps: query.ps ?? 20, field: 'query.center' },
    );
    return { status: 'Ok', msg: '', data };
  },
});
