import { startTripBody, tripQuery } from '../../shared/trips/schemas';
import { startTripResponse } from '../../shared/trips/responses';
import { httpHandler } from '../lib/http-handler';
import { trips } from './deps';

export const handler = httpHandler({
  name: 'trips.start',
  response: startTripResponse,
  service: 'tracking',
  query: tripQuery,
  body: startTripBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: await trips().start(principal.space, body) }),
});
