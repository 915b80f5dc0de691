import { dispatchQuery, stepPath, updateStepBody } from '../../shared/dispatch/schemas';
import { stepResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

export const handler = httpHandler({
  name: 'dispatch.steps.update',
  response: stepResponse,
  service: 'tracking',
  query: dispatchQuery,
  path: stepPath,
  body: updateStepBody,
  run: async ({ path, body, principal }) => ({
    status: 200,
    data: await dispatch().steps.update(principal, path.routeID, path.stepID, body),
  }),
});
