import { z } from 'zod';
import { pagination } from '../../shared/platform/schemas';
import { routeListResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

// Ours (the client has no route listing): the console's list of dispatched routes, in id order.
export const handler = httpHandler({
  name: 'dispatch.routes.list',
  response: routeListResponse,
  service: 'tracking',
  query: z.object({ key: z.string().optional(), ...pagination }),
  run: async ({ query, principal }) => ({ status: 200, data: await dispatch().routes.list(principal, query.pn ?? 1, query.ps ?? 20) }),
});
