import { containQuery } from '../../shared/geofence/schemas';
import { containResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.contain',
  response: containResponse,
  service: 'geofence',
  query: containQuery,
  run: async ({ query, principal }) => ({
    status: 'Ok',
    data: { result_list: await geofences().contains(principal.space, query) },
  }),
});
