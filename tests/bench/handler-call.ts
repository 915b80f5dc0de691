// A handler called in-process, as the benchmarks that measure the domain without the HTTP server
// do: the integration tests' invoke (an API Gateway v2 event), the body of a 200 answer, any
// other status thrown.
import { invoke } from '../integration/support/invoke';

export async function callHandler(
  handler: Parameters<typeof invoke>[0],
  method: string,
  path: string,
  query: Record<string, string>,
  body?: unknown,
  pathParameters?: Record<string, string>,
) {
  const r = await invoke(handler, { method, path, query, body, pathParameters });
  if (r.status !== 200) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
