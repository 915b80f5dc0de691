import { optimizationV1Response } from '../../shared/routing/responses';
import { optimizationV1Query } from '../../shared/routing/schemas';
import { trip } from '../../shared/routing/service/trip';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

// The v1 optimizer belongs to the optimization service and counts against its quota.
export const handler = httpHandler({
  name: 'routing.optimizationV1',
  service: 'optimization',
  query: optimizationV1Query,
  response: optimizationV1Response,
  run: async ({ query }) => trip(networks(), query),
});
