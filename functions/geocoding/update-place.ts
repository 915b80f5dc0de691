import { docIdPath, updatePlaceBody } from '../../shared/schemas/geocoding';
import { updatePlaceResponse } from '../../shared/schemas/responses/geocoding';
import { httpHandler } from '../lib/http-handler';
import { places } from './service';

export const handler = httpHandler({
  name: 'multigeocode.updatePlace',
  response: updatePlaceResponse,
  service: 'multigeocode',
  path: docIdPath,
  body: updatePlaceBody,
  run: async ({ path, body, principal }) => places().update(principal.space, path.docId, body),
});
