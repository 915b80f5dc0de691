import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { LambdaHandler, OperationInfo } from '../../functions/lib/http-handler';
import { repoRoot, routes, type Route } from './routes';

// Derives the OpenAPI 3.1 document from the routes in the function files and
// the schemas each handler was built with: nothing in it is written by hand.

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType): Json => {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
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

async function operationOf(route: Route): Promise<OperationInfo> {
  const module = (await import(pathToFileURL(resolve(repoRoot, `${route.module}.ts`)).href)) as { handler: LambdaHandler };
  return module.handler.operation;
}

export async function buildDocument(): Promise<Json> {
  const paths: Record<string, Json> = {};
  const seen = new Map<string, number>();
  for (const route of routes()) {
    if (route.path.includes('{proxy+}')) continue; // the JSON 404 catch-all
    const info = await operationOf(route);
    const count = (seen.get(info.name) ?? 0) + 1;
    seen.set(info.name, count);
    const operation: Json = {
      operationId: count === 1 ? info.name : `${info.name}.${count}`,
      tags: [info.service ?? (info.authenticated ? 'keys' : 'platform')],
      parameters: parameters(route, info),
      responses: { '200': { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } }, ...errorResponses(info.authenticated) },
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
      description: 'Geofencing, route optimization, geocoding and live tracking. Every request carries the API key as the query parameter `key`.',
    },
    servers: [{ url: 'http://localhost:3000', description: 'npm start' }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'query', name: 'key' } },
      schemas: { Error: errorBody },
    },
    paths,
  };
}
