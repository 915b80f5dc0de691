import { listQuery } from '../../shared/geofence/schemas';
import { listGeofencesResponse } from '../../shared/geofence/responses';
import { httpHandler } from '../lib/http-handler';
import { geofences } from './deps';

export const handler = httpHandler({
  name: 'geofence.list',
  response: listGeofencesResponse,
  service: 'geofence',
  query: listQuery,
  run: async ({ query, principal }) => ({
    status: 'Ok',
    data: await geofences().list(principal.space, query.tags ?? [], query.pn ?? 1, query.ps ?? 20),
  }),
});
