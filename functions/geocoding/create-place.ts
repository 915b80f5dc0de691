import { createPlaceBody } from '../../shared/places/schemas';
import { createPlaceResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './deps';

export const handler = httpHandler({
  name: 'multigeocode.createPlace',
  response: createPlaceResponse,
  service: 'multigeocode',
  body: createPlaceBody,
  run: async ({ body, principal }) => ({ docId: await places().create(principal.space, body) }),
});
