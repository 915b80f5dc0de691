import { keyQuery, monitorPath, updateMonitorBody } from '../../shared/schemas/monitors';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.update',
  service: 'tracking',
  query: keyQuery,
  path: monitorPath,
  body: updateMonitorBody,
  run: async ({ path, body, principal }) => {
    await monitors().update(principal.space, path.id, body);
    return { status: 'Ok' };
  },
});
