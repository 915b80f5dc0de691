import { createNamespacedKey } from '../../shared/auth/issue';
import { config } from '../../shared/platform/config';
import { createNamespacedKeyQuery } from '../../shared/auth/schemas';
import { createNamespacedKeyResponse } from '../../shared/auth/responses';
import { deps } from '../lib/deps';
import { httpHandler } from '../lib/http-handler';

export const handler = httpHandler({
  name: 'keys.createNamespaced',
  response: createNamespacedKeyResponse,
  service: null,
  limit: 'keys',
  query: createNamespacedKeyQuery,
  run: async ({ query, principal }) => {
    const result = await createNamespacedKey(deps.keyStore(), principal, query.namespace, {
      now: Date.now() / 1000,
      delaySeconds: config.keyActivationDelaySeconds(),
      maxKeys: config.maxNamespacedKeys(),
    });
    return { status: 200, result };
  },
});
