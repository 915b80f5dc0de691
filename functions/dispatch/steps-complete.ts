import { completeStepBody, dispatchQuery, stepPath } from '../../shared/dispatch/schemas';
import { stepResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

// The client expects no body; the completed step is sent anyway for callers that read it.
export const handler = httpHandler({
  name: 'dispatch.steps.complete',
  response: stepResponse,
  service: 'tracking',
  driverToken: true,
  query: dispatchQuery,
  path: stepPath,
  body: completeStepBody,
  run: async ({ path, body, principal }) => ({
    status: 200,
    data: await dispatch().steps.complete(principal, path.routeID, path.stepID, body),
  }),
});
