import type { HttpResponse } from './context';

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}, requestId?: string): HttpResponse {
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

export function rawResponse(
  statusCode: number,
  body: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
  requestId?: string,
): HttpResponse {
  const binary = Buffer.isBuffer(body);
  return {
    statusCode,
    headers: {
      'content-type': contentType,
      ...(requestId ? { 'x-request-id': requestId } : {}),
      ...headers,
    },
    body: binary ? body.toString('base64') : body,
    isBase64Encoded: binary,
  };
}
