import { batchCreateResponse } from '../../shared/batch/responses';
import { batchBody } from '../../shared/batch/schemas';
import { createBatch } from '../../shared/batch/service';
import { httpHandler } from '../lib/http-handler';
import { batchDeps } from './deps';

export const handler = httpHandler({
  name: 'batch.create',
  service: 'routing',
  body: batchBody,
  response: batchCreateResponse,
  run: async ({ body, principal }) => createBatch(batchDeps(), principal.space, body),
});
