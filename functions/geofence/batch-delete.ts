import { batchDeleteBody } from '../../shared/geofence/schemas';
import { deletedResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

// All or nothing: if any id is missing, nothing is deleted (404 names them).
export const handler = httpHandler({
  name: 'geofence.batchDelete',
  response: deletedResponse,
  service: 'geofence',
  body: batchDeleteBody,
  run: async ({ body, principal }) => {
    await geofences().delete(principal.space, body.ids);
    return { status: 'ok' };
  },
});
