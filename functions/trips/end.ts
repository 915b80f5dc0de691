import { endTripBody, tripQuery } from '../../shared/trips/schemas';
import { tripStatusResponse } from '../../shared/trips/responses';
import { httpHandler } from '../lib/http-handler';
import { trips } from './deps';

export const handler = httpHandler({
  name: 'trips.end',
  response: tripStatusResponse,
  service: 'tracking',
  query: tripQuery,
  body: endTripBody,
  run: async ({ body, principal }) => {
    await trips().end(principal.space, body.id);
    return { status: 'Ok' };
  },
});
