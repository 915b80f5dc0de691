import { createGeofenceBody } from '../../shared/geofence/schemas';
import { createGeofenceResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.create',
  response: createGeofenceResponse,
  service: 'geofence',
  body: createGeofenceBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: { id: await geofences().create(principal.space, body) } }),
});
