import { expect } from 'vitest';
import { invoke } from './invoke';
import { loadContract } from './openapi-validator';

// One call of an operation as the OpenAPI document names it (path template,
// method): the request body must fit the documented requestBody before it is
// sent, and the answer must be a 200 whose body fits the documented 200 schema.

const contract = loadContract();

type Handler = Parameters<typeof invoke>[0];

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as the OpenAPI document writes it, e.g. /skynet/asset/{id}. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export async function call(handler: Handler, key: string, op: Operation): Promise<any> {
  // A body the document does not describe (the `{}` clients send with a key create) is ignored by the server.
  if (op.body !== undefined && contract.hasRequestBody(op.method, op.path))
    expect(contract.request(op.method, op.path, op.body), `request body of ${op.method} ${op.path}`).toEqual([]);
  const params = Object.fromEntries(Object.entries(op.params ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
  const concrete = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
  const res = await invoke(handler, {
    method: op.method,
    path: concrete,
    pathParameters: op.params ? params : undefined,
    query: { key, ...op.query },
    body: op.body,
  });
  expect(res.status, `${op.method} ${concrete}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(
    contract.response(op.method, op.path, res.body),
    `200 body of ${op.method} ${op.path}: ${JSON.stringify(res.body).slice(0, 2000)}`,
  ).toEqual([]);
  return res.body;
}
