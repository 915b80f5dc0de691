import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApiError } from '../../shared/platform/errors';
import { publicHandler } from '../lib/http-handler';

// The API document, generated from the handlers' schemas into build/ (npm run openapi);
// no key needed. Read from the working directory: the package root on Lambda, where
// functions.yml ships it, and the project root under serverless-offline. It is a file
// rather than an import because generating it loads this handler too.
const DOCUMENT = resolve('build/openapi.json');

let document: unknown;

export const handler = publicHandler({
  name: 'platform.openapi',
  run: async () => {
    if (document === undefined) {
      if (!existsSync(DOCUMENT)) throw new ApiError(503, 'openapi: the document is not generated; run `npm run openapi`');
      document = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
    }
    return document;
  },
});
