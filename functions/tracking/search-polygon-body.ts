import { validateSearchPolygon } from '../../shared/geo';
import { searchResponse } from '../../shared/tracking/responses';
import { searchPolygonBody, searchPolygonBodyQuery } from '../../shared/tracking/schemas';
import { geoInput } from '../../shared/tracking/errors';
import { attributeFilterFromObjects } from '../../shared/tracking/filters';
import { searchSort } from '../../shared/tracking/ranking';
import { searchArea, searchAreaLimitKm2 } from '../../shared/tracking/search';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

// POST /search/polygon {polygon{type, coordinates}, match_filter{...}, filter, max_search_limit, sort{...}, pn, ps}:
// GeoJSON rings of [lon, lat], a bare ring, or a flat number list.
export const handler = httpHandler({
  name: 'tracking.searchPolygonBody',
  response: searchResponse,
  service: 'tracking',
  query: searchPolygonBodyQuery,
  body: searchPolygonBody,
  run: async ({ body, query, principal }) => {
    const polygon = geoInput('polygon', () => validateSearchPolygon(body.polygon, 'polygon', searchAreaLimitKm2(body.max_search_limit)));
    const { msg, ...data } = await searchArea(
      trackingContext(),
      principal.space,
      { type: 'polygon', ring: polygon.ring },
      {
        filter: attributeFilterFromObjects(body.match_filter, body.filter),
        pn: body.pn ?? query.pn ?? 1,
        ps: body.ps ?? query.ps ?? 20,
        field: 'polygon',
        sort: searchSort(body.sort ?? {}, 'sort.'),
      },
    );
    return { status: 'Ok', msg, data };
  },
});
