import { snapToRoadsResponse } from '../../shared/routing/responses';
import { snapToRoadsBody } from '../../shared/routing/schemas';
import { snapToRoads } from '../../shared/routing/service/snap';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

// The GET operation's fields in a JSON body: a long trace does not fit in a query value.
export const handler = httpHandler({
  name: 'routing.snapToRoadsPost',
  service: 'routing',
  body: snapToRoadsBody,
  response: snapToRoadsResponse,
  run: async ({ body }) => snapToRoads(networks(), body),
});
