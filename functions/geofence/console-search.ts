import { consoleSearchQuery, MAX_CONSOLE_SEARCH_RESULTS } from '../../shared/geofence/schemas';
import { consoleSearchResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.consoleSearch',
  response: consoleSearchResponse,
  service: 'geofence',
  query: consoleSearchQuery,
  run: async ({ query, principal }) => ({
    status: 'Ok',
    data: { result: await geofences().search(principal.space, query.query, MAX_CONSOLE_SEARCH_RESULTS) },
  }),
});
