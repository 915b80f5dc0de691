import { readFile } from 'node:fs/promises';
import { rawReply, type Reply } from './http-handler';

/**
 * A file from disk as the response body (the /docs and /console pages and their assets).
 * Text goes out as a string; anything else as bytes, which the factory base64-encodes.
 */
export async function fileReply(
  path: string,
  contentType: string,
  cacheControl: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const body = await readFile(path);
  return rawReply(200, contentType.startsWith('text/') ? body.toString('utf8') : body, contentType, {
    'cache-control': cacheControl,
    ...headers,
  });
}
