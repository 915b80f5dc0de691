import { dispatchQuery, insertStepBody, routePath } from '../../shared/dispatch/schemas';
import { stepResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

export const handler = httpHandler({
  name: 'dispatch.steps.insert',
  response: stepResponse,
  service: 'tracking',
  query: dispatchQuery,
  path: routePath,
  body: insertStepBody,
  run: async ({ path, body, principal }) => ({ status: 200, data: await dispatch().steps.insert(principal, path.routeID, body) }),
});
