import { directionsResponse } from '../../shared/routing/responses';
import { directionsBody } from '../../shared/routing/schemas';
import { directions } from '../../shared/routing/service/directions';
import { httpHandler } from '../lib/http-handler';
import { withAvoidAreas } from '../../shared/routing/avoid-areas';
import { geofences, networks } from './deps';

// The client sends the directions parameters as a JSON body.
export const handler = httpHandler({
  name: 'routing.directions',
  service: 'routing',
  body: directionsBody,
  response: directionsResponse,
  run: async ({ body, principal }) => directions(networks(), await withAvoidAreas(geofences(), principal.space, body)),
});
