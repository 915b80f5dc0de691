import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { config } from '../../shared/platform/config';
import { ApiError, notFound } from '../../shared/platform/errors';
import { fileReply } from '../lib/file-reply';
import { publicHandler, rawReply } from '../lib/http-handler';
import { PAGE_SECURITY_HEADERS } from '../lib/respond';

// The map console: the Vite build of app/ (in build/console), served as static files with
// no key (the page asks for one and sends it with its own API calls). The build
// folder is resolved from the working directory: the package root on Lambda,
// where functions.yml ships it, and the project root under serverless-offline.
const DIST = resolve('build/console');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** One file of the build in `dist`; exported for tests, which point it elsewhere. */
export async function serve(dist: string, file: string) {
  if (!existsSync(resolve(dist, 'index.html'))) {
    throw new ApiError(503, 'console: the page is not built; run `npm run build:console`');
  }
  const path = resolve(dist, file);
  const type = TYPES[extname(path)];
  // Only files inside the build folder, and only kinds the build produces.
  if (!path.startsWith(dist + sep) || !type || !existsSync(path)) throw notFound(`path: no such file under /console`);
  // Vite puts a content hash in every asset name, so those never change; the
  // page itself must be re-read so a rebuild is picked up.
  const cache = file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  const live = config.liveSocketUrl();
  if (file === 'index.html' && live && /^wss?:\/\/[^\s"'<>;]+$/.test(live)) return withLiveChannel(path, live, cache);
  return fileReply(path, type, cache, type.startsWith('text/html') ? PAGE_SECURITY_HEADERS : {});
}

/**
 * The page learns the live channel's URL from a meta tag (the policy allows no inline script),
 * and the policy lets it connect there: the socket is another origin (its own port locally, its
 * own API Gateway host on AWS).
 */
function withLiveChannel(path: string, live: string, cache: string) {
  const html = readFileSync(path, 'utf8').replace(
    '<meta name="waymark-live-url" content="">',
    `<meta name="waymark-live-url" content="${live}">`,
  );
  const policy = PAGE_SECURITY_HEADERS['content-security-policy'].replace("connect-src 'self'", `connect-src 'self' ${live}`);
  return rawReply(200, html, 'text/html; charset=utf-8', {
    'cache-control': cache,
    ...PAGE_SECURITY_HEADERS,
    'content-security-policy': policy,
  });
}

export const handler = publicHandler({
  name: 'console.page',
  run: async ({ path }) => serve(DIST, path.file ?? 'index.html'),
});
