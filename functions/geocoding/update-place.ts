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
  // The seed's record, and the `{status, msg}` the official client expects.
  run: async ({ path, body, principal }) => ({ status: 'Ok', msg: 'Ok', ...(await places().update(principal.space, path.docId, body)) }),
});
