import { lastLocationResponse } from '../../shared/tracking/responses';
import { assetPath, keyQuery } from '../../shared/tracking/schemas';
import { lastLocation } from '../../shared/tracking/history';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.lastLocation',
  response: lastLocationResponse,
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  run: async ({ path, principal }) => ({
    status: 'Ok',
    data: { location: await lastLocation(trackingContext(), principal.space, path.id) },
  }),
});
