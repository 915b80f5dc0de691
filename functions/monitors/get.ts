import { keyQuery, monitorPath } from '../../shared/monitors/schemas';
import { getMonitorResponse } from '../../shared/monitors/responses';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.get',
  response: getMonitorResponse,
  service: 'tracking',
  query: keyQuery,
  path: monitorPath,
  run: async ({ path, principal }) => ({ status: 'Ok', data: { monitor: await monitors().get(principal.space, path.id) } }),
});
