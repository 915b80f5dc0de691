import { keyQuery, webhookConfigBody } from '../../shared/monitors/schemas';
import { okStatus } from '../../shared/platform/responses';
import { httpHandler } from '../lib/http-handler';
import { selfHosts } from '../lib/self-hosts';
import { monitors } from './deps';

export const handler = httpHandler({
  name: 'monitors.putConfig',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  body: webhookConfigBody,
  run: async ({ body, principal, headers }) => {
    await monitors().putWebhooks(principal.space, principal.keyHash, body.webhook, selfHosts(headers));
    return { status: 'Ok' };
  },
});
