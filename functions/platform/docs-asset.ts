import { resolve } from 'node:path';
import { notFound } from '../../shared/platform/errors';
import { fileReply } from '../lib/file-reply';
import { publicHandler, rawReply } from '../lib/http-handler';
import { initScript } from './docs';

// Swagger UI's files for the /docs page. Only the files the page loads are served,
// so the route cannot be used to read anything else from the package. The folder is
// resolved from the working directory (the package root on Lambda, where
// functions.yml ships these files; the project root locally).
const DIST = resolve('node_modules/swagger-ui-dist');

const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export const handler = publicHandler({
  name: 'platform.docsAsset',
  run: async ({ path }) => {
    const file = path.file ?? '';
    if (file === 'init.js') return rawReply(200, initScript, 'text/javascript; charset=utf-8', { 'cache-control': 'no-cache' });
    const contentType = ASSETS[file];
    if (!contentType) throw notFound(`path: no such file under /docs`);
    // Immutable for the installed version; a day keeps upgrades visible soon enough.
    return fileReply(resolve(DIST, file), contentType, 'public, max-age=86400');
  },
});
