import { tripPath, tripQuery } from '../../shared/trips/schemas';
import { tripSummaryResponse } from '../../shared/trips/responses';
import { httpHandler } from '../lib/http-handler';
import { trips } from './deps';

// Distance, duration and geometry from the tracked route (map-matched where a loaded road network covers it), stop visits.
export const handler = httpHandler({
  name: 'trips.summary',
  response: tripSummaryResponse,
  service: 'tracking',
  query: tripQuery,
  path: tripPath,
  run: async ({ path, principal }) => ({ status: 'Ok', data: { trip: await trips().summary(principal.space, path.id) } }),
});
