import type { LimitName, Principal } from '../auth/model';
import { tooManyRequests } from '../platform/errors';
import { quotaFor } from './limits';

// Fixed windows of one second and one minute, counted in a store shared by
// every function instance. A counter only moves when it is under its limit
// (one atomic conditional update), so N parallel requests against a limit of L
// admit exactly L. When the second window refuses after the first admitted,
// the first is handed back so a refused request costs nothing.

export interface CounterStore {
  /** Adds one to `counter` unless it already holds `limit`; true when added. */
  tryIncrement(counter: string, limit: number, expiresAt: number): Promise<boolean>;
  decrement(counter: string): Promise<void>;
}

interface Window {
  seconds: number;
  limit: number;
}

export class RateLimiter {
  constructor(private readonly store: CounterStore) {}

  /** Consumes one request of `name` for the caller or throws 429 with Retry-After. */
  async consume(principal: Principal, name: LimitName, nowMs: number): Promise<void> {
    const quota = quotaFor(name, principal.quotas);
    const windows: Window[] = [];
    if (quota.perMinute !== undefined) windows.push({ seconds: 60, limit: quota.perMinute });
    if (quota.perSecond !== undefined) windows.push({ seconds: 1, limit: quota.perSecond });
    const taken: string[] = [];
    for (const window of windows) {
      const bucket = Math.floor(nowMs / 1000 / window.seconds);
      const counter = `${principal.keyHash.slice(0, 32)}#${name}#${window.seconds}#${bucket}`;
      const windowEnd = (bucket + 1) * window.seconds;
      // Counters outlive their window a little so clock skew between instances is harmless.
      if (await this.store.tryIncrement(counter, window.limit, windowEnd + 60)) {
        taken.push(counter);
        continue;
      }
      await Promise.all(taken.map((c) => this.store.decrement(c)));
      const per = window.seconds === 1 ? 'second' : 'minute';
      throw tooManyRequests(`rate limit: more than ${window.limit} ${name} requests per ${per} for this key`, windowEnd - nowMs / 1000);
    }
  }
}
