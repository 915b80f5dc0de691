import { bboxQuery, bboxResponse } from '../../shared/road-editor/schemas';
import { httpHandler } from '../lib/http-handler';
import { roadEditor } from './deps';

// GET /restrictions: the restrictions whose extent meets the box.
export const handler = httpHandler({
  name: 'restrictions.listByBbox',
  service: 'routing',
  query: bboxQuery,
  response: bboxResponse,
  run: async ({ query, principal }) => roadEditor().listByBbox(principal.space, query),
});
