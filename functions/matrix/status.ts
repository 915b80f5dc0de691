import { statusResponse } from '../../shared/matrix/responses';
import { statusQuery } from '../../shared/matrix/schemas';
import { matrixStatus } from '../../shared/matrix/service';
import { httpHandler } from '../lib/http-handler';
import { matrixDeps } from './deps';

// Links point back at this API as the caller reached it, with the caller's key in them as in
// every request of this API, so a client downloads them as they are.
export const handler = httpHandler({
  name: 'matrix.status',
  service: 'routing',
  query: statusQuery,
  response: statusResponse,
  run: async ({ query, headers, principal }) => {
    const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost';
    const base = `${headers['x-forwarded-proto'] ?? 'http'}://${host}`;
    const key = encodeURIComponent(query.key ?? '');
    return matrixStatus(matrixDeps(), principal.space, query.id, (part) => `${base}/mdm/result?id=${query.id}&part=${part}&key=${key}`);
  },
});
