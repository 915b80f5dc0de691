import type { HttpResponse } from './context';

// Every response: the browser must never guess a type other than the one declared (a JSON error
// echoing user input, read as HTML or script, would run in this origin).
const NOSNIFF = { 'x-content-type-options': 'nosniff' };

/**
 * For the HTML pages (/console, /docs): scripts only from this origin's files (no inline or
 * injected script, no eval), no framing by another site. Inline styles stay allowed: Leaflet and
 * Swagger UI position elements with them, and a style cannot run code.
 */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}, requestId?: string): HttpResponse {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...NOSNIFF,
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
      ...NOSNIFF,
      ...(requestId ? { 'x-request-id': requestId } : {}),
      ...headers,
    },
    body: binary ? body.toString('base64') : body,
    isBase64Encoded: binary,
  };
}
