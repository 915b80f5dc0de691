import { navigation, navigationQuery, navigationResponse } from '../../shared/navigation';
import { withAvoidAreas } from '../../shared/routing/avoid-areas';
import { httpHandler } from '../lib/http-handler';
import { geofences, networks } from './deps';

// A route with turn-by-turn guidance: instructions, voice and banner instructions per step.
export const handler = httpHandler({
  name: 'routing.navigation',
  service: 'routing',
  query: navigationQuery,
  response: navigationResponse,
  run: async ({ query, principal }) => navigation(networks(), await withAvoidAreas(geofences(), principal.space, query, 'query.avoid')),
});
