import { notFound } from '../../shared/platform/errors';
import { publicHandler } from '../lib/http-handler';

// Catch-all route, so an unknown path gets the JSON error body, not the gateway's own.
export const handler = publicHandler({
  name: 'platform.notFound',
  run: async () => {
    throw notFound('path: no such operation; see the API reference in README');
  },
});
