import { snapToRoadsResponse } from '../../shared/routing/responses';
import { snapToRoadsQuery } from '../../shared/routing/schemas';
import { snapToRoads } from '../../shared/routing/service/snap';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

export const handler = httpHandler({
  name: 'routing.snapToRoads',
  service: 'routing',
  query: snapToRoadsQuery,
  response: snapToRoadsResponse,
  run: async ({ query }) => snapToRoads(networks(), query),
});
