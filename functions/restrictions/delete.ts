import { deleteResponse, keyQuery, restrictionIdPath } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

// DELETE /restrictions/{id}: the restriction stops counting and is kept as `deleted` (list state=deleted).
export const handler = httpHandler({
  name: 'restrictions.delete',
  service: 'routing',
  path: restrictionIdPath,
  query: keyQuery,
  response: deleteResponse,
  run: async ({ path, principal }) => roadEditor().delete(principal.space, path.id),
});
