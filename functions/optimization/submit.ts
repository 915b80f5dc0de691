import { z } from 'zod';
import { submitProblem } from '../../shared/optimization/service';
import { optimizationRequestSchema } from '../../shared/optimization/schemas';
import { submitResponse } from '../../shared/optimization/responses';
import { httpHandler } from '../lib/http-handler';
import { optimization } from './deps';
import { selfHosts } from '../lib/self-hosts';

// POST /optimization/v2: validates the whole problem, stores and queues it.
export const handler = httpHandler({
  name: 'optimization.submit',
  response: submitResponse,
  service: 'optimization',
  query: z.object({ key: z.string().optional() }),
  body: optimizationRequestSchema,
  run: async ({ body, principal, headers }) => submitProblem(optimization(), principal, body, { selfHosts: selfHosts(headers) }),
});
