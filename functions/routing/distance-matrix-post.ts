import { distanceMatrixResponse } from '../../shared/routing/responses';
import { distanceMatrixBody } from '../../shared/routing/schemas';
import { distanceMatrix } from '../../shared/routing/service/matrix';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

// The GET operation's fields in a JSON body, for more points than a query value may hold.
export const handler = httpHandler({
  name: 'routing.distanceMatrixPost',
  service: 'routing',
  body: distanceMatrixBody,
  response: distanceMatrixResponse,
  run: async ({ body }) => distanceMatrix(networks(), body),
});
