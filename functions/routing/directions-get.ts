import { directionsResponse } from '../../shared/routing/responses';
import { directionsBody } from '../../shared/routing/schemas';
import { directions } from '../../shared/routing/service/directions';
import { httpHandler } from '../lib/http-handler';
import { withAvoidAreas } from '../../shared/routing/avoid-areas';
import { geofences, networks } from './deps';

// The commercial docs give directions as a GET first (POST for inputs too long for a URL): the
// same fields and the same answer as the POST, so a curl line from any tutorial works.
export const handler = httpHandler({
  name: 'routing.directionsGet',
  service: 'routing',
  query: directionsBody,
  response: directionsResponse,
  run: async ({ query, principal }) => directions(networks(), await withAvoidAreas(geofences(), principal.space, query, 'query.avoid')),
});
