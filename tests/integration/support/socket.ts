import { createRequire } from 'node:module';

// A web socket client for tests and benchmarks of the live channel: `ws` (what serverless-offline
// itself serves with), typed for the few calls used here. Node 20 has no WebSocket of its own.

interface Ws {
  on(event: 'open' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
  send(data: string): void;
  close(): void;
  terminate(): void;
}

const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => Ws;

export interface Answer {
  id?: string;
  status: 'success' | 'error';
  error?: string;
  timestamp: number;
}

export interface Pushed {
  type: 'location' | 'event';
  id: string;
  subscription_id: string | null;
  asset_id?: string;
  trip_id?: string;
  monitor_id?: string;
  data: Record<string, unknown> & { timestamp: number };
  timestamp: number;
}

export class LiveSocket {
  /** Every pushed message, in arrival order, with the time it arrived (ms). */
  readonly pushed: Array<Pushed & { receivedAt: number }> = [];
  private readonly answers: Answer[] = [];
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(private readonly ws: Ws) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Pushed | Answer;
      if ('type' in message) this.pushed.push({ ...message, receivedAt: Date.now() });
      else this.answers.push(message);
      const waiting = this.waiters;
      this.waiters = [];
      for (const w of waiting) w();
    });
    ws.on('close', () => (this.closed = true));
  }

  /** Opens a connection; rejects with the HTTP status the handshake was refused with. */
  static open(url: string, key: string): Promise<LiveSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}?key=${encodeURIComponent(key)}`);
      ws.on('open', () => resolve(new LiveSocket(ws)));
      ws.on('unexpected-response', (_req, res) => reject(new RefusedHandshake(res.statusCode)));
      ws.on('error', (error) => reject(error));
    });
  }

  /** Sends an action message and waits for its answer. */
  async act(message: unknown, timeoutMs = 10_000): Promise<Answer> {
    const before = this.answers.length;
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    await this.until(() => this.answers.length > before, timeoutMs);
    return this.answers[before];
  }

  /** Waits until `done()` holds, checking on every message. */
  async until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting on the live socket');
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}

export class RefusedHandshake extends Error {
  constructor(readonly status: number) {
    super(`web socket handshake refused with ${status}`);
  }
}
