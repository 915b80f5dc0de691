import { tripPath, tripQuery } from '../../shared/trips/schemas';
import { tripStatusResponse } from '../../shared/trips/responses';
import { httpHandler } from '../lib/http-handler';
import { trips } from './deps';

export const handler = httpHandler({
  name: 'trips.delete',
  response: tripStatusResponse,
  service: 'tracking',
  query: tripQuery,
  path: tripPath,
  run: async ({ path, principal }) => {
    await trips().delete(principal.space, path.id);
    return { status: 'Ok' };
  },
});
