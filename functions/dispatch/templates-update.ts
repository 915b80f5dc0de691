import { dispatchQuery, templatePath, updateTemplateBody } from '../../shared/dispatch/schemas';
import { templateResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

export const handler = httpHandler({
  name: 'dispatch.templates.update',
  response: templateResponse,
  service: 'tracking',
  query: dispatchQuery,
  path: templatePath,
  body: updateTemplateBody,
  run: async ({ path, body, principal }) => ({ status: 200, data: await dispatch().templates.update(principal.space, path.id, body) }),
});
