// Counts, per source address, the API keys presented that do not exist. Past `limit` of them in
// one window, further requests from that address are refused before any key lookup, so a flood
// of made-up keys costs neither a storage read each nor the body parsing behind it. Counts live
// in the process (a function instance): no storage write per refusal, at the price of each
// instance counting on its own.

export const UNKNOWN_KEY_WINDOW_MS = 60_000;

interface Window {
  started: number;
  count: number;
}

export class UnknownKeyGuard {
  private readonly windows = new Map<string, Window>();

  constructor(
    /** Unknown keys allowed per source and window; read on each use; 0 turns the guard off. */
    private readonly limit: () => number,
    private readonly now: () => number = Date.now,
    private readonly windowMs = UNKNOWN_KEY_WINDOW_MS,
    private readonly maxSources = 10_000,
  ) {}

  /** Milliseconds until `source` may present keys again; 0 when it may now. */
  blockedFor(source: string | undefined): number {
    const limit = this.limit();
    if (!source || limit <= 0) return 0;
    const window = this.current(source);
    return window && window.count >= limit ? window.started + this.windowMs - this.now() : 0;
  }

  /** Notes that `source` presented a key that does not exist. */
  noteUnknown(source: string | undefined): void {
    if (!source || this.limit() <= 0) return;
    const window = this.current(source);
    if (window) {
      window.count++;
      return;
    }
    if (this.windows.size >= this.maxSources) this.evictOldest();
    this.windows.set(source, { started: this.now(), count: 1 });
  }

  private current(source: string): Window | undefined {
    const window = this.windows.get(source);
    if (window && window.started + this.windowMs <= this.now()) {
      this.windows.delete(source);
      return undefined;
    }
    return window;
  }

  private evictOldest(): void {
    // Map keeps insertion order: the first entry is the oldest window.
    const first = this.windows.keys().next();
    if (!first.done) this.windows.delete(first.value);
  }
}
