import { getResult } from '../../shared/optimization/service';
import { resultQuerySchema } from '../../shared/optimization/schemas';
import { resultResponse } from '../../shared/optimization/responses';
import { httpHandler } from '../lib/http-handler';
import { optimization } from './deps';

// GET /optimization/v2/result?id= : pending body, full result, or the failure.
export const handler = httpHandler({
  name: 'optimization.result',
  response: resultResponse,
  service: 'optimization',
  query: resultQuerySchema,
  run: async ({ query, principal }) => getResult(optimization(), principal, query.id),
});
