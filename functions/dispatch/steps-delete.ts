import { dispatchQuery, stepPath } from '../../shared/dispatch/schemas';
import { stepDeletedResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

export const handler = httpHandler({
  name: 'dispatch.steps.delete',
  response: stepDeletedResponse,
  service: 'tracking',
  query: dispatchQuery,
  path: stepPath,
  run: async ({ path, principal }) => {
    await dispatch().steps.delete(principal, path.routeID, path.stepID);
    return { status: 200, message: 'deleted' };
  },
});
