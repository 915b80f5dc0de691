import { keyQuery } from '../../shared/monitors/schemas';
import { webhookConfigResponse } from '../../shared/monitors/responses';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.getConfig',
  response: webhookConfigResponse,
  service: 'tracking',
  query: keyQuery,
  run: async ({ principal }) => ({ status: 'Ok', data: await monitors().getWebhooks(principal.space) }),
});
