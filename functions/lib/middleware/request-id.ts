import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { HttpRequest } from '../context';

// First in the chain so every later log line and error body carries the id.
export function requestId(): MiddlewareObj {
  return {
    before: (request) => {
      const r = request as unknown as HttpRequest;
      r.internal.requestId = r.context?.awsRequestId || r.event.requestContext?.requestId || randomUUID();
    },
  };
}
