import { idPath } from '../../shared/geofence/schemas';
import { deletedResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

// Delete responses carry `ok` in lower case, as the commercial API's do.
export const handler = httpHandler({
  name: 'geofence.delete',
  response: deletedResponse,
  service: 'geofence',
  path: idPath,
  run: async ({ path, principal }) => {
    await geofences().delete(principal.space, [path.id]);
    return { status: 'ok' };
  },
});
