import { eventAssetPath, eventListQuery } from '../../shared/monitors/schemas';
import { listEventsResponse } from '../../shared/monitors/responses';
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
