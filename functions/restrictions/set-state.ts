import { keyQuery, restrictionIdPath, richGroupResponse, stateBody } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

// PUT /restrictions/{id}/state: enabled or disabled; a disabled restriction changes no route.
export const handler = httpHandler({
  name: 'restrictions.setState',
  service: 'routing',
  path: restrictionIdPath,
  query: keyQuery,
  body: stateBody,
  response: richGroupResponse,
  run: async ({ path, body, principal }) => roadEditor().setState(principal.space, path.id, body.state),
});
