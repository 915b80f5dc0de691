import document from '../../shared/api/openapi.json';
import { publicHandler } from '../lib/http-handler';

// The API document, generated from the handlers' schemas (npm run openapi); no key needed.
export const handler = publicHandler({
  name: 'platform.openapi',
  run: async () => document,
});
