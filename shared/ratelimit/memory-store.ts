import type { CounterStore, Window } from './limiter';

// Counters in this process's memory: exact when every request of a key is
// served by this one process (the local stack, which runs as one server), and
// free of any storage write. Anywhere with several instances the DynamoDB
// store is the one that keeps the published limits.
//
// A process can hold several copies of this module (serverless-offline loads
// each function's bundle as its own module), so the process's store hangs on
// globalThis under a registered symbol: every copy finds the same counters.
const PROCESS_STORE = Symbol.for('waymark.ratelimit.memory-store');

interface Counter {
  buckets: number[];
  counts: number[];
  expiresAt: number;
}

const SWEEP_EVERY = 1000;

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Counter>();
  private takes = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async take(counter: string, windows: readonly Window[], expiresAt: number): Promise<number> {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep();
    const stored = this.counters.get(counter);
    const buckets = windows.map((w, i) => Math.max(w.bucket, stored?.buckets[i] ?? -Infinity));
    const counts = windows.map((_, i) => (stored && stored.buckets[i] === buckets[i] ? stored.counts[i] : 0));
    const full = windows.findIndex((w, i) => counts[i] >= w.limit);
    if (full >= 0) return full;
    this.counters.set(counter, { buckets, counts: counts.map((c) => c + 1), expiresAt });
    return -1;
  }

  /** Counters whose windows are all over; keeps memory bounded by the keys in use. */
  private sweep(): void {
    const now = this.clock() / 1000;
    for (const [name, c] of this.counters) if (c.expiresAt < now) this.counters.delete(name);
  }

  /** Counters held (for tests). */
  get size(): number {
    return this.counters.size;
  }
}

/** The one store of this process, shared by every copy of this module loaded in it. */
export function processCounterStore(): CounterStore {
  const holder = globalThis as { [PROCESS_STORE]?: CounterStore };
  return (holder[PROCESS_STORE] ??= new MemoryCounterStore());
}
