// A handler called in-process with an API Gateway v2 event, as the benchmarks that measure the
// domain without the HTTP server do; the body of a 200 answer, any other status thrown.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export function callHandler(
  handler: Handler,
  method: string,
  path: string,
  query: Record<string, string>,
  body?: unknown,
  pathParameters?: Record<string, string>,
) {
  const event = {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { 'content-type': 'application/json' },
    queryStringParameters: query,
    pathParameters,
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), http: { method, path } },
  } as unknown as APIGatewayProxyEventV2;
  return handler(event, { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 } as unknown as Context).then((r) => {
    if (r.statusCode !== 200) throw new Error(`${method} ${path} -> ${r.statusCode} ${r.body}`);
    return JSON.parse(r.body as string);
  });
}
