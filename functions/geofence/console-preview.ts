import { createGeofenceBody } from '../../shared/geofence/schemas';
import { consolePreviewResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

// The create body, checked and built as a create would be (the same 400 and 422 answers); nothing is stored.
export const handler = httpHandler({
  name: 'geofence.consolePreview',
  response: consolePreviewResponse,
  service: 'geofence',
  body: createGeofenceBody,
  run: async ({ body }) => ({ status: 'Ok', data: { geojson: (await geofences().preview(body)).geojson } }),
});
