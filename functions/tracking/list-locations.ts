import { listLocationsResponse } from '../../shared/tracking/responses';
import { assetPath, locationListQuery } from '../../shared/tracking/schemas';
import { listLocations, parseCorrection } from '../../shared/tracking/history';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.listLocations',
  response: listLocationsResponse,
  service: 'tracking',
  query: locationListQuery,
  path: assetPath,
  run: async ({ path, query, principal }) => {
    const data = await listLocations(trackingContext(), principal.space, path.id, {
      start: query.start_time,
      end: query.end_time,
      geometryType: query.geometry_type,
      correction: parseCorrection(query.correction),
      pn: query.pn ?? 1,
      ps: query.ps ?? 100,
    });
    return { status: 'Ok', data };
  },
});
