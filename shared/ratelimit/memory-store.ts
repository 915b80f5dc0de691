import type { CounterStore, Window } from './limiter';

// Counters in this process's memory: exact when every request of a key is
// served by this one process (the local stack, which runs as one server), and
// free of any storage write. Anywhere with several instances the DynamoDB
// store is the one that keeps the published limits.

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
