import { parseSearchPolygon } from '../../shared/geo';
import { searchResponse } from '../../shared/tracking/responses';
import { searchPolygonQuery } from '../../shared/tracking/schemas';
import { geoInput } from '../../shared/tracking/errors';
import { attributeFilterFromQuery } from '../../shared/tracking/filters';
import { searchArea } from '../../shared/tracking/search';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

// GET /search/polygon?polygon=lat,lon|lat,lon|...|first
export const handler = httpHandler({
  name: 'tracking.searchPolygon',
  response: searchResponse,
  service: 'tracking',
  query: searchPolygonQuery,
  run: async ({ query, principal }) => {
    const polygon = geoInput('query.polygon', () => parseSearchPolygon(query.polygon, 'query.polygon'));
    const filter = attributeFilterFromQuery(query);
    const data = await searchArea(
      trackingContext(),
      principal.space,
      { type: 'polygon', ring: polygon.ring },
      { filter, pn: query.pn ?? 1, ps: query.ps ?? 20, field: 'query.polygon' },
    );
    return { status: 'Ok', msg: '', data };
  },
});
