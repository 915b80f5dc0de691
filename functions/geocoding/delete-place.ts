import { docIdPath } from '../../shared/places/schemas';
import { deletePlaceResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './deps';

export const handler = httpHandler({
  name: 'multigeocode.deletePlace',
  response: deletePlaceResponse,
  service: 'multigeocode',
  path: docIdPath,
  run: async ({ path, principal }) => {
    await places().delete(principal.space, path.docId);
    return { status: 200, msg: 'Ok' };
  },
});
