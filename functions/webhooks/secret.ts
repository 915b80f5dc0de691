import { z } from 'zod';
import { webhookSecretResponse } from '../../shared/webhooks/responses';
import { webhookSecrets } from './deps';
import { httpHandler } from '../lib/http-handler';

// GET /webhooks/secret: the signing secret of the calling key's webhooks (created on first use).
// POST /webhooks/secret/rotate: replaces it. See shared/webhooks/README.md.
const describe = (record: { secret: string; created_at: number }) => ({
  status: 'Ok',
  data: {
    secret: record.secret,
    created_at: record.created_at,
    scheme:
      'Standard Webhooks v1: webhook-signature = "v1," + base64(HMAC-SHA256(base64decode(secret without "whsec_"), webhook-id + "." + webhook-timestamp + "." + body))',
    headers: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
  },
});

export const handler = httpHandler({
  name: 'webhooks.secret',
  response: webhookSecretResponse,
  service: null,
  limit: 'keys',
  query: z.object({ key: z.string().optional() }),
  run: async ({ principal }) => describe(await webhookSecrets().getOrCreate(principal.space, principal.keyHash)),
});

export const rotateHandler = httpHandler({
  name: 'webhooks.rotateSecret',
  response: webhookSecretResponse,
  service: null,
  limit: 'keys',
  query: z.object({ key: z.string().optional() }),
  run: async ({ principal }) => describe(await webhookSecrets().rotate(principal.space, principal.keyHash)),
});
