// A small re-creation of how the commercial API's official TypeScript client talks
// (request encoding, headers, retries), so tests can check Waymark accepts exactly that wire traffic.
// It is not that SDK: only its request encoding, headers, retries and response
// handling are reproduced.

export type QueryValue = string | number | boolean | Array<string | number> | undefined;

export interface ClientOptions {
  baseURL: string;
  apiKey: string;
  maxRetries?: number;
  /** How requests travel: the network by default; the handlers in this process for the in-process suites. */
  fetch?: typeof fetch;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
}

export class APIError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(`${status} ${typeof body === 'object' && body && 'message' in body ? String(body.message) : String(body)}`);
  }
}

const RETRIED_METHODS = new Set(['POST', 'PUT', 'DELETE']);
const retriable = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

// The official client joins arrays with commas and percent-encodes every value, so
// ',' '|' ':' reach the server as %2C %7C %3A.
export function encodeQuery(query: Record<string, QueryValue>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`)
    .join('&');
}

export class Client {
  /** Every attempt, retries included, for assertions. */
  readonly sent: SentRequest[] = [];
  private readonly maxRetries: number;

  constructor(private readonly options: ClientOptions) {
    this.maxRetries = options.maxRetries ?? 2;
  }

  get<T = any>(path: string, query: Record<string, QueryValue> = {}): Promise<T> {
    return this.request('GET', path, query);
  }
  post<T = any>(path: string, body: unknown, query: Record<string, QueryValue> = {}): Promise<T> {
    return this.request('POST', path, query, body);
  }
  put<T = any>(path: string, body: unknown, query: Record<string, QueryValue> = {}): Promise<T> {
    return this.request('PUT', path, query, body);
  }
  delete<T = any>(path: string, query: Record<string, QueryValue> = {}, body?: unknown): Promise<T> {
    return this.request('DELETE', path, query, body);
  }
  /** A dispatch step's completion accepts any answer (`Accept: *\/*`); the road editor's update takes JSON either way. */
  patch<T = any>(path: string, body: unknown, query: Record<string, QueryValue> = {}): Promise<T> {
    return this.request('PATCH', path, query, body, { Accept: '*/*' });
  }

  /** Path segments (ids) are percent-encoded the way the client's templates do. */
  static path(strings: TemplateStringsArray, ...ids: string[]): string {
    return strings.reduce((out, part, i) => out + part + (i < ids.length ? encodeURIComponent(ids[i]) : ''), '');
  }

  async request<T>(
    method: string,
    path: string,
    query: Record<string, QueryValue>,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const url = `${this.options.baseURL}${path}?${encodeQuery({ ...query, key: this.options.apiKey })}`;
    const text = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'User-Agent': 'LocationClient/JS 1.0.0',
        'X-Stainless-Lang': 'js',
        'X-Stainless-Package-Version': '1.0.0',
        'X-Stainless-OS': 'Linux',
        'X-Stainless-Arch': 'x64',
        'X-Stainless-Runtime': 'node',
        'X-Stainless-Runtime-Version': process.version,
        'X-Stainless-Retry-Count': String(attempt),
        'X-Stainless-Timeout': '60',
        // No content type at all when there is no body (GET, plain DELETE).
        ...(text === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...extraHeaders,
      };
      const response = await (this.options.fetch ?? fetch)(url, { method, headers, body: text });
      this.sent.push({ method, url, headers, body: text, status: response.status });
      const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
      const parsed: unknown = isJson ? await response.json() : await response.text();
      if (response.ok) return parsed as T;
      if (attempt < this.maxRetries && this.shouldRetry(method, response)) {
        await new Promise((done) => setTimeout(done, retryDelayMs(response.headers, attempt)));
        continue;
      }
      throw new APIError(response.status, parsed, response.headers);
    }
  }

  private shouldRetry(method: string, response: Response): boolean {
    const hint = response.headers.get('x-should-retry');
    if (hint === 'false') return false;
    if (hint === 'true') return true;
    return RETRIED_METHODS.has(method) && retriable(response.status);
  }
}

// retry-after-ms wins, then retry-after (seconds or an HTTP date); otherwise an
// exponential back-off from half a second.
export function retryDelayMs(headers: Headers, attempt: number): number {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers.get('retry-after');
  if (after !== null) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return seconds * 1000;
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return Math.min(8000, 500 * 2 ** attempt);
}
