import { getManyQuery } from '../../shared/geofence/schemas';
import { getManyResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.getMany',
  response: getManyResponse,
  service: 'geofence',
  query: getManyQuery,
  run: async ({ query, principal }) => ({ status: 'Ok', data: { list: await geofences().getMany(principal.space, query.ids) } }),
});
