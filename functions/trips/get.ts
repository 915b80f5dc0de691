import { tripPath, tripQuery } from '../../shared/trips/schemas';
import { getTripResponse } from '../../shared/trips/responses';
import { httpHandler } from '../lib/http-handler';
import { trips } from './deps';

export const handler = httpHandler({
  name: 'trips.get',
  response: getTripResponse,
  service: 'tracking',
  query: tripQuery,
  path: tripPath,
  run: async ({ path, principal }) => ({ status: 'Ok', data: { trip: await trips().get(principal.space, path.id) } }),
});
