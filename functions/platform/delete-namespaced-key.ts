import { deleteNamespacedKey } from '../../shared/auth/issue';
import { config } from '../../shared/platform/config';
import { deleteNamespacedKeyQuery } from '../../shared/auth/schemas';
import { deleteNamespacedKeyResponse } from '../../shared/auth/responses';
import { deps } from '../lib/deps';
import { httpHandler } from '../lib/http-handler';

export const handler = httpHandler({
  name: 'keys.deleteNamespaced',
  response: deleteNamespacedKeyResponse,
  service: null,
  limit: 'keys',
  query: deleteNamespacedKeyQuery,
  run: async ({ query, principal }) => {
    await deleteNamespacedKey(deps.keyStore(), principal, query.namespace, query.key_to_delete, {
      now: Date.now() / 1000,
      delaySeconds: config.keyActivationDelaySeconds(),
    });
    return { status: 200, msg: 'OK' };
  },
});
