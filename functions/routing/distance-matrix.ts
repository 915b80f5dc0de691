import { distanceMatrixResponse } from '../../shared/routing/responses';
import { distanceMatrixQuery } from '../../shared/routing/schemas';
import { distanceMatrixJson } from '../../shared/routing/service/matrix';
import { httpHandler, rawReply } from '../lib/http-handler';
import { inSpace, networks } from './deps';

// The body is the JSON text the service writes (a million elements would cost more as objects).
export const handler = httpHandler({
  name: 'routing.distanceMatrix',
  service: 'routing',
  query: distanceMatrixQuery,
  response: distanceMatrixResponse,
  run: async ({ query, principal }) =>
    rawReply(200, distanceMatrixJson(networks(), await inSpace(principal.space, query, 'query.avoid')), 'application/json; charset=utf-8'),
});
