import { batchResultResponse } from '../../shared/batch/responses';
import { batchQuery } from '../../shared/batch/schemas';
import { batchResult } from '../../shared/batch/service';
import { httpHandler } from '../lib/http-handler';
import { batchDeps } from './deps';

export const handler = httpHandler({
  name: 'batch.result',
  service: 'routing',
  query: batchQuery,
  response: batchResultResponse,
  run: async ({ query, principal }) => batchResult(batchDeps(), principal.space, query.track_id),
});
