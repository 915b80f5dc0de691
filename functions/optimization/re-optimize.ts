import { z } from 'zod';
import { reOptimize } from '../../shared/optimization/service';
import { reOptimizationSchema } from '../../shared/optimization/schemas';
import { submitResponse } from '../../shared/optimization/responses';
import { httpHandler } from '../lib/http-handler';
import { optimization } from './deps';
import { selfHosts } from '../lib/self-hosts';

// POST /optimization/re_optimization: the earlier request with changes, seeded by its solution.
export const handler = httpHandler({
  name: 'optimization.reOptimize',
  response: submitResponse,
  service: 'optimization',
  query: z.object({ key: z.string().optional() }),
  body: reOptimizationSchema,
  run: async ({ body, principal, headers }) => reOptimize(optimization(), principal, body, { selfHosts: selfHosts(headers) }),
});
