import { keyQuery, restrictionIdPath, richGroupResponse } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

export const handler = httpHandler({
  name: 'restrictions.get',
  service: 'routing',
  path: restrictionIdPath,
  query: keyQuery,
  response: richGroupResponse,
  run: async ({ path, principal }) => roadEditor().get(principal.space, path.id),
});
