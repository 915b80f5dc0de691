import { itemsQuery, itemsResponse } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

// GET /restrictions_items: the road pieces and turns of the restrictions inside the box, one item each.
export const handler = httpHandler({
  name: 'restrictions.items',
  service: 'routing',
  query: itemsQuery,
  response: itemsResponse,
  run: async ({ query, principal }) => roadEditor().items(principal.space, query),
});
