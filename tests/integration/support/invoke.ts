import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

// Calls a handler the way API Gateway (HTTP API, payload 2.0) would.

export interface Call {
  method?: string;
  path?: string;
  query?: Record<string, string | undefined>;
  pathParameters?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** Put in the event as it is, not as a string: what an emulator that parsed the JSON itself hands over. */
  parsedBody?: unknown;
  headers?: Record<string, string>;
  /** The caller's address, as API Gateway reports it in requestContext.http.sourceIp. */
  sourceIp?: string;
  /** rawBody is base64 (binary bodies, such as gzip-encoded ones). */
  isBase64Encoded?: boolean;
}

export interface Result {
  status: number;
  headers: Record<string, string>;
  body: any;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export async function invoke(handler: Handler, call: Call = {}): Promise<Result> {
  const method = call.method ?? 'GET';
  const body = 'parsedBody' in call ? call.parsedBody : (call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body)));
  const query = Object.fromEntries(Object.entries(call.query ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const event = {
    version: '2.0',
    routeKey: `${method} ${call.path ?? '/'}`,
    rawPath: call.path ?? '/',
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { 'Content-Type': 'application/json', ...(call.headers ?? {}) },
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: call.pathParameters,
    body,
    isBase64Encoded: call.isBase64Encoded ?? false,
    requestContext: { requestId: randomUUID(), http: { method, path: call.path ?? '/', sourceIp: call.sourceIp } },
  } as unknown as APIGatewayProxyEventV2;
  const context = { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
  const response = await handler(event, context);
  const text = typeof response.body === 'string' ? response.body : '';
  return {
    status: response.statusCode ?? 200,
    headers: (response.headers ?? {}) as Record<string, string>,
    // Pages, scripts and the like come back as text.
    body: text && /json/.test(String(response.headers?.['content-type'] ?? 'json')) ? JSON.parse(text) : text || undefined,
  };
}
