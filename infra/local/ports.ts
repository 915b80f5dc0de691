import { createServer } from 'node:net';

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `gaveUp` ends the wait at once (a process that exited will never become ready). */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  gaveUp: () => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gaveUp()) throw new Error(`${what} exited before it became ready`);
    try {
      if (await probe()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
}
