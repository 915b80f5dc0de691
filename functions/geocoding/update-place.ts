import { docIdPath, updatePlaceBody } from '../../shared/places/schemas';
import { updatePlaceResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './deps';

export const handler = httpHandler({
  name: 'multigeocode.updatePlace',
  response: updatePlaceResponse,
  service: 'multigeocode',
  path: docIdPath,
  body: updatePlaceBody,
  run: async ({ path, body, principal }) => places().update(principal.space, path.docId, body),
});
