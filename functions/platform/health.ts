import { okStatus } from '../../shared/platform/responses';
import { publicHandler } from '../lib/http-handler';

// Liveness for the local launcher and load balancers; needs no key.
export const handler = publicHandler({
  name: 'platform.health',
  response: okStatus,
  run: async () => ({ status: 'Ok' }),
});
