import { keyQuery, monitorPath, updateMonitorBody } from '../../shared/monitors/schemas';
import { okStatus } from '../../shared/platform/responses';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.update',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  path: monitorPath,
  body: updateMonitorBody,
  run: async ({ path, body, principal }) => {
    await monitors().update(principal.space, path.id, body);
    return { status: 'Ok' };
  },
});
