import { docIdPath } from '../../shared/places/schemas';
import { getPlaceResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './deps';

// The place record {docId, place[], dataSource, score} beside status 200 and msg, as the commercial API answers.
export const handler = httpHandler({
  name: 'multigeocode.getPlace',
  response: getPlaceResponse,
  service: 'multigeocode',
  path: docIdPath,
  run: async ({ path, principal }) => ({ status: 200, msg: 'Ok', ...(await places().get(principal.space, path.docId)) }),
});
