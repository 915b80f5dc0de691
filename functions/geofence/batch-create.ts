import { batchCreateBody } from '../../shared/geofence/schemas';
import { batchCreateResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.batchCreate',
  response: batchCreateResponse,
  service: 'geofence',
  body: batchCreateBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: { ids: await geofences().batchCreate(principal.space, body.geofences) } }),
});
