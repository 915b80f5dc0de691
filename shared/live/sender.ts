import { createHash, createHmac } from 'node:crypto';

// Posts to a web socket connection through API Gateway's management API (POST
// /@connections/{id}), or serverless-offline's copy of it locally. On AWS the call is signed
// (SigV4, the function's own role credentials from its environment); the local copy checks
// no signature, so none is made without credentials.

export type PostOutcome = 'ok' | 'gone';

export interface ConnectionSender {
  /** 'gone': the connection no longer exists (closed, timed out); the caller forgets it. */
  post(connectionId: string, data: string): Promise<PostOutcome>;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Percent-encodes as SigV4 wants (RFC 3986 unreserved characters kept). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers that sign a request to execute-api (AWS Signature Version 4). */
export function signedHeaders(
  method: string,
  url: URL,
  body: string,
  region: string,
  creds: Credentials,
  now = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body);
  const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  if (creds.sessionToken) headers['x-amz-security-token'] = creds.sessionToken;
  const names = Object.keys(headers).sort();
  // Services other than S3 sign the path encoded twice: once in the URL, once here.
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => rfc3986(segment))
    .join('/');
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]}\n`).join('');
  const canonical = [method, canonicalPath, '', canonicalHeaders, names.join(';'), payloadHash].join('\n');
  const scope = `${day}/${region}/execute-api/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), region), 'execute-api'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

export class HttpConnectionSender implements ConnectionSender {
  constructor(
    /** https://{api}.execute-api.{region}.amazonaws.com/{stage}, or the local http://127.0.0.1:{port}. */
    private readonly endpoint: string,
    private readonly region: string,
    private readonly credentials?: () => Credentials | undefined,
  ) {}

  async post(connectionId: string, data: string): Promise<PostOutcome> {
    const url = new URL(`${this.endpoint.replace(/\/$/, '')}/%40connections/${encodeURIComponent(connectionId)}`);
    const creds = this.credentials?.();
    const headers = creds ? signedHeaders('POST', url, data, this.region, creds) : {};
    const res = await fetch(url, { method: 'POST', body: data, headers });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 410) return 'gone';
    if (!res.ok) throw new Error(`posting to connection ${connectionId} answered ${res.status}`);
    return 'ok';
  }
}

/** serverless-offline's web socket clients, in the API process under `npm start` (infra/local/offline-runtime.cjs). */
interface LocalConnections {
  /** False when the connection is not open. */
  send(connectionId: string, payload: string): boolean;
}

const LOCAL_CONNECTIONS = Symbol.for('waymark.localConnections');

/**
 * Under `npm start` the fan-out and the web socket server share one process: a message goes
 * straight to the server's client list, which is what its /@connections route does after an
 * HTTP round trip. Elsewhere (or before the server has a client) `fallback` posts.
 */
export class LocalConnectionSender implements ConnectionSender {
  constructor(private readonly fallback: ConnectionSender) {}

  async post(connectionId: string, data: string): Promise<PostOutcome> {
    const local = (globalThis as typeof globalThis & { [LOCAL_CONNECTIONS]?: LocalConnections })[LOCAL_CONNECTIONS];
    if (!local) return this.fallback.post(connectionId, data);
    return local.send(connectionId, data) ? 'ok' : 'gone';
  }
}

/** The function's role credentials as Lambda puts them in its environment. */
export function environmentCredentials(): Credentials | undefined {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined;
}
