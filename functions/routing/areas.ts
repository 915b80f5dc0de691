import { areasResponse } from '../../shared/routing/responses';
import { areas } from '../../shared/routing/service/areas';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

export const handler = httpHandler({
  name: 'routing.areas',
  service: 'routing',
  response: areasResponse,
  run: async () => areas(networks()),
});
