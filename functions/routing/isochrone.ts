import { isochroneResponse } from '../../shared/routing/responses';
import { isochroneQuery } from '../../shared/routing/schemas';
import { isochrones } from '../../shared/routing/service/isochrones';
import { httpHandler } from '../lib/http-handler';
import { networks, withEdits } from './deps';

export const handler = httpHandler({
  name: 'routing.isochrone',
  service: 'routing',
  query: isochroneQuery,
  response: isochroneResponse,
  run: async ({ query, principal }) => isochrones(networks(), await withEdits(principal.space, query)),
});
