import { dispatchQuery, templatePath } from '../../shared/dispatch/schemas';
import { templateDeletedResponse } from '../../shared/dispatch/responses';
import { httpHandler } from '../lib/http-handler';
import { dispatch } from './deps';

// Steps dispatched with the template keep their snapshot of it.
export const handler = httpHandler({
  name: 'dispatch.templates.delete',
  response: templateDeletedResponse,
  service: 'tracking',
  query: dispatchQuery,
  path: templatePath,
  run: async ({ path, principal }) => {
    await dispatch().templates.delete(principal.space, path.id);
    return { status: 200, msg: 'deleted' };
  },
});
