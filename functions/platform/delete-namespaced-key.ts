import { deleteNamespacedKey } from '../../shared/auth/issue';
import { config } from '../../shared/config';
import { deleteNamespacedKeyQuery } from '../../shared/schemas/keys';
import { deleteNamespacedKeyResponse } from '../../shared/schemas/responses/keys';
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
