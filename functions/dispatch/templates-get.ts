import { dispatchQuery, templatePath } from '../../shared/dispatch/schemas';
import { templateResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

export const handler = httpHandler({
  name: 'dispatch.templates.get',
  response: templateResponse,
  service: 'tracking',
  query: dispatchQuery,
  path: templatePath,
  run: async ({ path, principal }) => ({ status: 200, data: await dispatch().templates.get(principal.space, path.id) }),
});
