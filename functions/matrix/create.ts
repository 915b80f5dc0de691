import { createResponse } from '../../shared/matrix/responses';
import { createBody, createQuery } from '../../shared/matrix/schemas';
import { createMatrixJob } from '../../shared/matrix/service';
import { httpHandler } from '../lib/http-handler';
import { matrixDeps } from './deps';

export const handler = httpHandler({
  name: 'matrix.create',
  service: 'routing',
  query: createQuery,
  body: createBody,
  response: createResponse,
  run: async ({ query, body, principal }) => createMatrixJob(matrixDeps(), principal.space, body, query.spliter),
});
