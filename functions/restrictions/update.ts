import { restrictionBody, restrictionIdPath, richGroupResponse, writeQuery } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

// PATCH /restrictions/{id}: the body replaces what the caller set; the type and state stay.
export const handler = httpHandler({
  name: 'restrictions.update',
  service: 'routing',
  path: restrictionIdPath,
  query: writeQuery,
  body: restrictionBody,
  response: richGroupResponse,
  run: async ({ path, query, body, principal }) => roadEditor().update(principal.space, path.id, body, query.latlon ?? false),
});
