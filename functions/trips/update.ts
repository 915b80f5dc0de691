import { tripPath, tripQuery, updateTripBody } from '../../shared/trips/schemas';
import { tripStatusResponse } from '../../shared/trips/responses';
import { httpHandler } from '../lib/http-handler';
import { trips } from './deps';

export const handler = httpHandler({
  name: 'trips.update',
  response: tripStatusResponse,
  service: 'tracking',
  query: tripQuery,
  path: tripPath,
  body: updateTripBody,
  run: async ({ path, body, principal }) => {
    await trips().update(principal.space, path.id, body);
    return { status: 'Ok' };
  },
});
