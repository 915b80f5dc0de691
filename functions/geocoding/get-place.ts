import { docIdPath } from '../../shared/places/schemas';
import { getPlaceResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { places } from './service';

// api-shapes §4 gives {docId, place[], dataSource, score}; spec 002 §2 adds status 200 and msg;
// the official client reads the data source as `dataSorce`.
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
