import { keyQuery, monitorPath, updateMonitorBody } from '../../shared/schemas/monitors';
import { okStatus } from '../../shared/schemas/responses/common';
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
