import { batchDeleteBody } from '../../shared/schemas/geofence';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './service';

// All or nothing: if any id is missing, nothing is deleted (404 names them).
export const handler = httpHandler({
  name: 'geofence.batchDelete',
  service: 'geofence',
  body: batchDeleteBody,
  run: async ({ body, principal }) => {
    await geofences().delete(principal.space, body.ids);
    return { status: 'ok' };
  },
});
