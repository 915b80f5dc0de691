import { dispatchQuery } from '../../shared/dispatch/schemas';
import { templateListResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

// Every template of the space: a space holds at most MAX_TEMPLATES_PER_SPACE, so no pages.
export const handler = httpHandler({
  name: 'dispatch.templates.list',
  response: templateListResponse,
  service: 'tracking',
  query: dispatchQuery,
  run: async ({ principal }) => ({ status: 200, data: await dispatch().templates.list(principal.space) }),
});
