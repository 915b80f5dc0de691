import { dispatchQuery, routePath } from '../../shared/dispatch/schemas';
import { routeResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

// Ours (the client has no route read): the driver's page reads its route here with its driver token.
export const handler = httpHandler({
  name: 'dispatch.routes.get',
  response: routeResponse,
  service: 'tracking',
  driverToken: true,
  query: dispatchQuery,
  path: routePath,
  run: async ({ path, principal }) => ({ status: 200, data: await dispatch().routes.get(principal, path.routeID) }),
});
