import { createRouteBody, dispatchQuery } from '../../shared/dispatch/schemas';
import { createRouteResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { selfHosts } from '../lib/self-hosts';
import { dispatch } from './deps';

export const handler = httpHandler({
  name: 'dispatch.routes.create',
  response: createRouteResponse,
  service: 'tracking',
  query: dispatchQuery,
  body: createRouteBody,
  run: async ({ body, principal, headers }) => ({
    status: 200,
    data: await dispatch().routes.create(principal, body, { selfHosts: selfHosts(headers), idempotencyKey: headers['idempotency-key'] }),
  }),
});
