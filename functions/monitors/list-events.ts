import { eventAssetPath, eventListQuery } from '../../shared/schemas/monitors';
import { listEventsResponse } from '../../shared/schemas/responses/monitors';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.listEvents',
  response: listEventsResponse,
  service: 'tracking',
  query: eventListQuery,
  path: eventAssetPath,
  run: async ({ path, query, principal }) => ({ status: 'Ok', data: await monitors().events(principal.space, path.id, query) }),
});
