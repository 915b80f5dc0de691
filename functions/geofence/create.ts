import { createGeofenceBody } from '../../shared/schemas/geofence';
import { createGeofenceResponse } from '../../shared/schemas/responses/geofence';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './service';

export const handler = httpHandler({
  name: 'geofence.create',
  response: createGeofenceResponse,
  service: 'geofence',
  body: createGeofenceBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: { id: await geofences().create(principal.space, body) } }),
});
