import type { MiddlewareObj } from '@middy/core';
import { ApiError, asClientError } from '../../../shared/platform/errors';
import { logger } from '../../../shared/platform/log';
import type { HttpRequest } from '../context';
import { jsonResponse } from '../respond';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Last in the chain: every failure leaves as the one JSON error body. A fault
// of ours is logged with its stack but answered without it.
export function errorHandler(operation: string): MiddlewareObj {
  return {
    onError: (request) => {
      const r = request as unknown as HttpRequest;
      const requestId = r.internal.requestId;
      const error = asClientError(r.error);
      if (error) {
        if (error.status >= 500) logger.error('request failed', { operation, request_id: requestId, error });
        r.response = jsonResponse(error.status, error.body(requestId), { ...error.headers }, requestId);
        return;
      }
      logger.error('unhandled fault', { operation, request_id: requestId, error: r.error });
      const method = r.event.requestContext?.http?.method ?? '';
      // The official client retries 5xx; after a write we cannot tell whether it took effect.
      const headers: Record<string, string> = WRITE_METHODS.has(method) ? { 'x-should-retry': 'false' } : {};
      const body = new ApiError(500, 'internal error; quote the request_id when reporting it').body(requestId);
      r.response = jsonResponse(500, body, headers, requestId);
    },
  };
}
