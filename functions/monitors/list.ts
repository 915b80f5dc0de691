import { monitorListQuery } from '../../shared/monitors/schemas';
import { listMonitorsResponse } from '../../shared/monitors/responses';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.list',
  response: listMonitorsResponse,
  service: 'tracking',
  query: monitorListQuery,
  run: async ({ query, principal }) => ({ status: 'Ok', data: await monitors().list(principal.space, query) }),
});
