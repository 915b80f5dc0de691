import { listQuery, listResponse } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

// GET /restrictions/list: one area's restrictions by id, `offset` and `limit` over the filtered list.
export const handler = httpHandler({
  name: 'restrictions.list',
  service: 'routing',
  query: listQuery,
  response: listResponse,
  run: async ({ query, principal }) => roadEditor().list(principal.space, query),
});
