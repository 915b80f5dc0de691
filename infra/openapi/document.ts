import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { LambdaHandler, OperationInfo } from '../../functions/lib/http-handler';
import { repoRoot, routes, type Route } from './routes';

// Derives the OpenAPI 3.1 document from the routes in the function files and
// the schemas each handler was built with: nothing in it is written by hand.

type Json = Record<string, unknown>;

// zod states the safe-integer range on every integer; in a response it says nothing.
const dropSafeIntegerBounds = ({ jsonSchema: s }: { jsonSchema: Json }): void => {
  if (s.type === 'integer' && s.minimum === Number.MIN_SAFE_INTEGER && s.maximum === Number.MAX_SAFE_INTEGER) {
    delete s.minimum;
    delete s.maximum;
  }
};

// Requests are described as a client may send them (before defaults and
// transforms), responses as the server produces them.
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input'): Json => {
  const override = io === 'output' ? dropSafeIntegerBounds : undefined;
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', override }) as Json;
  delete out.$schema;
  return out;
};

const errorBody: Json = {
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'integer', description: 'The HTTP status again.' },
    message: { type: 'string', description: 'Names the field and the rule it broke.' },
    field: { type: 'string', description: 'The first offending field, when there is one.' },
    request_id: { type: 'string', description: 'Quote it when reporting a problem; also in x-request-id.' },
  },
};

const errorResponses = (authenticated: boolean): Json => {
  const ref = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const out: Json = {
    '400': { description: 'Input validation failed', ...ref },
    '404': { description: 'Unknown path or id', ...ref },
    '413': { description: 'Body over the size limit', ...ref },
    '500': { description: 'Internal error', ...ref },
  };
  if (authenticated) {
    out['401'] = { description: 'Key missing or invalid', ...ref };
    out['403'] = { description: 'Key without the service or region', ...ref };
    out['429'] = { description: 'Rate limit reached; see Retry-After', ...ref };
  }
  return out;
};

function parameters(route: Route, info: OperationInfo): Json[] {
  const params: Json[] = [];
  for (const name of route.path.matchAll(/\{(\w+)\+?\}/g)) {
    params.push({ name: name[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (info.query) {
    const query = jsonSchema(info.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      if (name === 'key') continue; // described once, as the security scheme
      params.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return params;
}

/** components/schemas name of an operation's 200 body: "geofence.create" -> "GeofenceCreateResponse". */
const responseName = (operation: string): string =>
  operation
    .split('.')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('') + 'Response';

/** The 200 response: a $ref to the body schema when the handler declares one, else any object. */
function success(info: OperationInfo, schemas: Record<string, Json>): Json {
  let schema: Json = { type: 'object' };
  if (info.response) {
    const name = responseName(info.name);
    schemas[name] ??= jsonSchema(info.response, 'output');
    schema = { $ref: `#/components/schemas/${name}` };
  }
  return { description: 'Success', content: { 'application/json': { schema } } };
}

async function operationOf(route: Route): Promise<OperationInfo> {
  const module = (await import(pathToFileURL(resolve(repoRoot, `${route.module}.ts`)).href)) as { handler: LambdaHandler };
  return module.handler.operation;
}

const sortedByName = (schemas: Record<string, Json>): Record<string, Json> =>
  Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));

export async function buildDocument(): Promise<Json> {
  const paths: Record<string, Json> = {};
  const seen = new Map<string, number>();
  const responseSchemas: Record<string, Json> = {};
  for (const route of routes()) {
    if (route.path.includes('{proxy+}') || !route.documented) continue; // the JSON 404 catch-all; HTML pages
    const info = await operationOf(route);
    const count = (seen.get(info.name) ?? 0) + 1;
    seen.set(info.name, count);
    const operation: Json = {
      operationId: count === 1 ? info.name : `${info.name}.${count}`,
      tags: [info.service ?? (info.authenticated ? 'keys' : 'platform')],
      parameters: parameters(route, info),
      responses: { '200': success(info, responseSchemas), ...errorResponses(info.authenticated) },
    };
    if (info.authenticated) operation.security = [{ apiKey: [] }];
    if (info.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(info.body) } } };
    paths[route.path] = { ...(paths[route.path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Waymark API',
      version: '0.1.0',
      description:
        'Geofencing, route optimization, geocoding and live tracking. Every request carries the API key as the query parameter `key`.',
    },
    servers: [{ url: 'http://localhost:3000', description: 'npm start' }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'query', name: 'key' } },
      schemas: { Error: errorBody, ...sortedByName(responseSchemas) },
    },
    paths,
  };
}
