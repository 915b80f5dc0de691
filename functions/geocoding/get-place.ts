import { docIdPath } from '../../shared/places/schemas';
import { getPlaceResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './deps';

// The place record {docId, place[], dataSource, score} beside status 200 and msg, as the commercial API answers;
// the official client reads the data source as `dataSorce`, so it is sent under both names.
export const handler = httpHandler({
  name: 'multigeocode.getPlace',
  response: getPlaceResponse,
  service: 'multigeocode',
  path: docIdPath,
  run: async ({ path, principal }) => {
    const record = await places().get(principal.space, path.docId);
    return { status: 200, msg: 'Ok', ...record, dataSorce: record.dataSource };
  },
});
