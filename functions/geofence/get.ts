import { idPath } from '../../shared/geofence/schemas';
import { getGeofenceResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.get',
  response: getGeofenceResponse,
  service: 'geofence',
  path: idPath,
  run: async ({ path, principal }) => ({ status: 'Ok', data: { geofence: await geofences().get(principal.space, path.id) } }),
});
