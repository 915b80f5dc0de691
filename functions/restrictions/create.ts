import { restrictionBody, restrictionTypePath, richGroupResponse, writeQuery } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

// POST /restrictions/{restrictionType}: a closure, speed, truck limit, parking or turn rule of the caller's own.
export const handler = httpHandler({
  name: 'restrictions.create',
  service: 'routing',
  path: restrictionTypePath,
  query: writeQuery,
  body: restrictionBody,
  response: richGroupResponse,
  run: async ({ path, query, body, principal }) => roadEditor().create(principal.space, path.restrictionType, body, query.latlon ?? false),
});
