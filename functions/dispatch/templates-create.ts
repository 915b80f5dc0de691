import { createTemplateBody, dispatchQuery } from '../../shared/dispatch/schemas';
import { templateResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

// An Idempotency-Key header makes a retried create answer the template it made.
export const handler = httpHandler({
  name: 'dispatch.templates.create',
  response: templateResponse,
  service: 'tracking',
  query: dispatchQuery,
  body: createTemplateBody,
  run: async ({ body, principal, headers }) => ({
    status: 200,
    data: await dispatch().templates.create(principal.space, body, headers['idempotency-key']),
  }),
});
