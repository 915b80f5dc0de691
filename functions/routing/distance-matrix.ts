import { distanceMatrixResponse } from '../../shared/routing/responses';
import { distanceMatrixQuery } from '../../shared/routing/schemas';
import { distanceMatrix } from '../../shared/routing/service/matrix';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

export const handler = httpHandler({
  name: 'routing.distanceMatrix',
  service: 'routing',
  query: distanceMatrixQuery,
  response: distanceMatrixResponse,
  run: async ({ query }) => distanceMatrix(networks(), query),
});
