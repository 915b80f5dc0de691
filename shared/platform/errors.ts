// One error model for the whole API. Every refusal names what was wrong so a
// caller can fix the request without reading our code; see docs/api/responses-and-errors.md#error-body.

export interface ErrorBody {
  status: number;
  message: string;
  field?: string;
  request_id?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }

  body(requestId?: string): ErrorBody {
    const body: ErrorBody = { status: this.status, message: this.message };
    if (this.field !== undefined) body.field = this.field;
    if (requestId !== undefined) body.request_id = requestId;
    return body;
  }
}

/** `"a", "b" and 3 more`: the ids a message names, the first `max` of them. */
export function quoteIds(ids: readonly string[], max = 10): string {
  const shown = ids
    .slice(0, max)
    .map((id) => `"${id}"`)
    .join(', ');
  return ids.length > max ? `${shown} and ${ids.length - max} more` : shown;
}

/** 400: `field` broke `rule`. */
export function invalid(field: string, rule: string): ApiError {
  return new ApiError(400, `${field}: ${rule}`, { field });
}

export function badRequest(message: string, field?: string): ApiError {
  return new ApiError(400, message, { field });
}

export function unauthorized(message = 'key: missing or invalid API key'): ApiError {
  return new ApiError(401, message, { field: 'key' });
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, message);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, message);
}

/** 409 for conflicts a retry cannot fix (existing clients retry 409 unless told not to). */
export function conflict(message: string, field?: string): ApiError {
  return new ApiError(409, message, { field, headers: { 'x-should-retry': 'false' } });
}

export function payloadTooLarge(limitBytes: number): ApiError {
  return new ApiError(413, `body: larger than the limit of ${limitBytes} bytes`, { field: 'body' });
}

export function unprocessable(message: string, field?: string): ApiError {
  return new ApiError(422, message, { field });
}

export function tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, message, { headers: { 'retry-after': String(seconds) } });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Pure libraries (geo, routing, geocoding, solver) throw their own typed errors
 * carrying an HTTP `status` and a message that already names field and rule.
 * A 4xx one is the caller's mistake and is answered as such; anything else is a fault.
 */
export function asClientError(error: unknown): ApiError | undefined {
  if (isApiError(error)) return error;
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const field = (error as { field?: unknown }).field;
  return new ApiError(status, error.message, { field: typeof field === 'string' ? field : undefined });
}
