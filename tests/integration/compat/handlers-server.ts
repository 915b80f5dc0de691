import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { invoke } from '../support/invoke';

// Serves a few handlers over HTTP in this process, so the typed client (client.ts) sends its
// real wire traffic to them on the emulators without booting the whole stack.

type Handler = Parameters<typeof invoke>[0];

export interface HandlersServer {
  baseURL: string;
  close: () => Promise<void>;
}

/** `routes` maps "METHOD /path" to a handler; anything else is a JSON 404. */
export async function serveHandlers(routes: Record<string, Handler>): Promise<HandlersServer> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const handler = routes[`${req.method} ${url.pathname}`];
      if (!handler) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 404, message: 'no route' }));
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
      const out = await invoke(handler, {
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        rawBody: body === '' ? undefined : body,
        headers,
      });
      res.writeHead(out.status, { ...out.headers, 'content-type': 'application/json' }).end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
