import { validateSearchPolygon } from '../../shared/geo';
import { searchResponse } from '../../shared/tracking/responses';
import { searchPolygonBody, searchPolygonBodyQuery } from '../../shared/tracking/schemas';
import { geoInput } from '../../shared/tracking/errors';
import { attributeFilterFromObjects } from '../../shared/tracking/filters';
import { searchArea } from '../../shared/tracking/search';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

// POST /search/polygon {polygon{type, coordinates}, match_filter{...}, pn, ps}:
// GeoJSON rings of [lon, lat], a bare ring, or a flat number list.
export const handler = httpHandler({
  name: 'tracking.searchPolygonBody',
  response: searchResponse,
  service: 'tracking',
  query: searchPolygonBodyQuery,
  body: searchPolygonBody,
  run: async ({ body, query, principal }) => {
    const polygon = geoInput('polygon', () => validateSearchPolygon(body.polygon, 'polygon'));
    const filter = attributeFilterFromObjects(body.match_filter);
    const data = await searchArea(
      trackingContext(),
      principal.space,
      { type: 'polygon', ring: polygon.ring },
      { filter, pn: body.pn ?? query.pn ?? 1, ps: body.ps ?? query.ps ?? 20, field: 'polygon' },
    );
    return { status: 'Ok', msg: '', data };
  },
});
