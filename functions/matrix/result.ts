import { resultQuery } from '../../shared/matrix/schemas';
import { matrixResultPart } from '../../shared/matrix/service';
import { httpHandler, rawReply } from '../lib/http-handler';
import { matrixDeps } from './deps';

// One CSV part of a completed matrix (the links GET /mdm/status answers).
export const handler = httpHandler({
  name: 'matrix.result',
  service: 'routing',
  query: resultQuery,
  run: async ({ query, principal }) =>
    rawReply(200, await matrixResultPart(matrixDeps(), principal.space, query.id, query.part ?? 0), 'text/csv; charset=utf-8'),
});
