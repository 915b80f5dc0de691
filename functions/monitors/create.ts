import { createMonitorBody, keyQuery } from '../../shared/monitors/schemas';
import { createMonitorResponse } from '../../shared/monitors/responses';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.create',
  response: createMonitorResponse,
  service: 'tracking',
  query: keyQuery,
  body: createMonitorBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: { id: await monitors().create(principal.space, body) } }),
});
