import type { HttpResponse } from './context';

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
  requestId?: string,
): HttpResponse {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(requestId ? { 'x-request-id': requestId } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  };
}
