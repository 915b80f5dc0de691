import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { repoRoot, routes, type Route } from '../../../infra/openapi/routes';

// A fetch that serves a request the way API Gateway (HTTP API, payload 2.0) and
// serverless.yml would, by calling the route's handler in this process: the
// compatibility suite drives the real handlers on the test emulators with the
// client's exact wire traffic, without booting a whole stack per file.

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** Literal segments: the most specific template wins (/asset/list over /asset/{id}). */
  literals: number;
}

let table: Compiled[] | undefined;

function compiled(): Compiled[] {
  return (table ??= routes().map((route) => {
    const names: string[] = [];
    const segments = route.path.split('/').filter(Boolean);
    const source = segments
      .map((s) => {
        const m = /^\{(\w+)(\+?)\}$/.exec(s);
        if (!m) return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]);
        return m[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^/${source}$`), names, literals: segments.filter((s) => !s.startsWith('{')).length };
  }));
}

const modules = new Map<string, Promise<{ handler: Handler }>>();

export const inProcessFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const method = (init?.method ?? 'GET').toUpperCase();
  const candidates = compiled()
    .filter((c) => c.route.method === method || c.route.method === 'ANY' || c.route.method === '*')
    .map((c) => ({ c, m: c.pattern.exec(url.pathname) }))
    .filter((x) => x.m !== null)
    .sort((a, b) => b.c.literals - a.c.literals);
  if (!candidates.length) return new Response(JSON.stringify({ message: 'no route' }), { status: 404 });
  const { c, m } = candidates[0];
  // API Gateway keeps path parameters percent-encoded as sent; the handlers decode them.
  const pathParameters = Object.fromEntries(c.names.map((n, i) => [n, m![i + 1]]));
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
  const event = {
    version: '2.0',
    routeKey: `${method} ${c.route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: c.names.length ? pathParameters : undefined,
    body: typeof init?.body === 'string' ? init.body : undefined,
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), http: { method, path: url.pathname } },
  } as unknown as APIGatewayProxyEventV2;
  const context = { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
  let loading = modules.get(c.route.module);
  if (!loading) modules.set(c.route.module, (loading = import(resolve(repoRoot, `${c.route.module}.ts`))));
  const result = await (await loading).handler(event, context);
  const body = result.isBase64Encoded ? Buffer.from(String(result.body ?? ''), 'base64') : (result.body ?? null);
  return new Response(body as ConstructorParameters<typeof Response>[0], {
    status: result.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)])),
  });
};
