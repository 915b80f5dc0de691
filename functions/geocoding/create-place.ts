import { createPlaceBody } from '../../shared/schemas/geocoding';
import { createPlaceResponse } from '../../shared/schemas/responses/geocoding';
import { httpHandler } from '../lib/http-handler';
import { places } from './service';

export const handler = httpHandler({
  name: 'multigeocode.createPlace',
  response: createPlaceResponse,
  service: 'multigeocode',
  body: createPlaceBody,
  run: async ({ body, principal }) => ({ docId: await places().create(principal.space, body) }),
});
