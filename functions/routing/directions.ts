import { directionsResponse } from '../../shared/routing/responses';
import { directionsBody } from '../../shared/routing/schemas';
import { directions } from '../../shared/routing/service/directions';
import { httpHandler } from '../lib/http-handler';
import { inSpace, networks } from './deps';

// The client sends the directions parameters as a JSON body.
export const handler = httpHandler({
  name: 'routing.directions',
  service: 'routing',
  body: directionsBody,
  response: directionsResponse,
  run: async ({ body, principal }) => directions(networks(), await inSpace(principal.space, body)),
});
