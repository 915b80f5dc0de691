import { z } from 'zod';
import { webhookSecretResponse } from '../../shared/webhooks/responses';
import { describeSecret } from '../../shared/webhooks/sign';
import { webhookSecrets } from './deps';
import { httpHandler } from '../lib/http-handler';

// GET /webhooks/secret: the signing secret of the calling key's webhooks (created on first use).
// POST /webhooks/secret/rotate: replaces it. See shared/webhooks/README.md.

export const handler = httpHandler({
  name: 'webhooks.secret',
  response: webhookSecretResponse,
  service: null,
  limit: 'keys',
  query: z.object({ key: z.string().optional() }),
  run: async ({ principal }) => ({
    status: 'Ok',
    data: describeSecret(await webhookSecrets().getOrCreate(principal.space, principal.keyHash)),
  }),
});

export const rotateHandler = httpHandler({
  name: 'webhooks.rotateSecret',
  response: webhookSecretResponse,
  service: null,
  limit: 'keys',
  query: z.object({ key: z.string().optional() }),
  run: async ({ principal }) => ({ status: 'Ok', data: describeSecret(await webhookSecrets().rotate(principal.space, principal.keyHash)) }),
});
