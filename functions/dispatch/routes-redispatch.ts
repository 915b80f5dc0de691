import { dispatchQuery, redispatchBody, routePath } from '../../shared/dispatch/schemas';
import { routeResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

export const handler = httpHandler({
  name: 'dispatch.routes.redispatch',
  response: routeResponse,
  service: 'tracking',
  query: dispatchQuery,
  path: routePath,
  body: redispatchBody,
  run: async ({ path, body, principal }) => ({ status: 200, data: await dispatch().steps.redispatch(principal, path.routeID, body) }),
});
