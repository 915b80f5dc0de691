import { keyQuery } from '../../shared/monitors/schemas';
import { testWebhookResponse } from '../../shared/monitors/responses';
import { testWebhooks } from '../../shared/monitors/webhooks';
import { httpHandler } from '../lib/http-handler';
import { webhookDelivery } from '../webhooks/deps';
import { monitors } from './deps';

// POST /config/testwebhook: a sample event to every configured URL, answering what each said.
export const handler = httpHandler({
  name: 'monitors.testWebhook',
  response: testWebhookResponse,
  service: 'tracking',
  query: keyQuery,
  run: async ({ principal }) => {
    const config = await monitors().webhookConfig(principal.space);
    return { status: 'Ok', data: { results: await testWebhooks(principal.space, config, webhookDelivery()) } };
  },
});
