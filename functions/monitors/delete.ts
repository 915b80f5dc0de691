import { keyQuery, monitorPath } from '../../shared/monitors/schemas';
import { okStatus } from '../../shared/platform/responses';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.delete',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  path: monitorPath,
  run: async ({ path, principal }) => {
    await monitors().delete(principal.space, path.id);
    return { status: 'Ok' };
  },
});
