import { createGeofenceBody } from '../../shared/schemas/geofence';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './service';

export const handler = httpHandler({
  name: 'geofence.create',
  service: 'geofence',
  body: createGeofenceBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: { id: await geofences().create(principal.space, body) } }),
});
