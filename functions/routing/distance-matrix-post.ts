import { distanceMatrixResponse } from '../../shared/routing/responses';
import { distanceMatrixBody } from '../../shared/routing/schemas';
import { distanceMatrixJson } from '../../shared/routing/service/matrix';
import { httpHandler, rawReply } from '../lib/http-handler';
import { inSpace, networks } from './deps';

// The GET operation's fields in a JSON body, for more points than a query value may hold. The
// body is the JSON text the service writes (a million elements would cost more as objects).
export const handler = httpHandler({
  name: 'routing.distanceMatrixPost',
  service: 'routing',
  body: distanceMatrixBody,
  response: distanceMatrixResponse,
  run: async ({ body, principal }) =>
    rawReply(200, distanceMatrixJson(networks(), await inSpace(principal.space, body)), 'application/json; charset=utf-8'),
});
