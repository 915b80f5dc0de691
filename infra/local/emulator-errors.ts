import { randomUUID } from 'node:crypto';
import { jsonResponse } from '../../functions/lib/respond';
import type { HttpResponse } from '../../functions/lib/context';
import { config } from '../../shared/platform/config';
import { ApiError, payloadTooLarge } from '../../shared/platform/errors';

/**
 * The API's error reply for a request serverless-offline refuses itself, before any
 * handler runs: a body over its own size limit (`emulatorLimitBytes`, smaller or larger
 * than ours), or a request it cannot route or read. Same body, headers and request id
 * as every handler error.
 */
export function emulatorErrorReply(status: number, emulatorMessage: string, emulatorLimitBytes = Infinity): HttpResponse {
  const requestId = randomUUID();
  const error =
    status === 413 ? payloadTooLarge(Math.min(config.maxBodyBytes(), emulatorLimitBytes)) : new ApiError(status, emulatorMessage);
  return jsonResponse(status, error.body(requestId), {}, requestId);
}
