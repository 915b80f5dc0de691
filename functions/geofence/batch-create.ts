import { batchCreateBody } from '../../shared/schemas/geofence';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './service';

export const handler = httpHandler({
  name: 'geofence.batchCreate',
  service: 'geofence',
  body: batchCreateBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: { ids: await geofences().batchCreate(principal.space, body.geofences) } }),
});
