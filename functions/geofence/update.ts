import { idPath, updateGeofenceBody } from '../../shared/geofence/schemas';
import { okStatus } from '../../shared/platform/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.update',
  response: okStatus,
  service: 'geofence',
  path: idPath,
  body: updateGeofenceBody,
  run: async ({ path, body, principal }) => {
    await geofences().update(principal.space, path.id, body);
    return { status: 'Ok' };
  },
});
