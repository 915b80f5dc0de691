import type { LimitName, Principal } from '../auth/model';
import { tooManyRequests } from '../platform/errors';
import { quotaFor } from './limits';

// Fixed windows of one minute and one second, both kept on one counter per
// (key, quota) in a store shared by every function instance. The store counts
// a request in every window at once, and only when each is under its limit, so
// N parallel requests against a limit of L admit exactly L, and a refused
// request changes nothing (it costs no quota in the other window).

export interface Window {
  seconds: number;
  limit: number;
  /** Number of the window the request falls in (time / seconds, rounded down). */
  bucket: number;
}

export interface CounterStore {
  /**
   * Counts one request in every window of `counter` unless one of them already
   * holds its limit. Returns -1 when counted, else the index of the first full
   * window (nothing counted). A window whose stored bucket is older starts again.
   */
  take(counter: string, windows: readonly Window[], expiresAt: number): Promise<number>;
}

export class RateLimiter {
  constructor(private readonly store: CounterStore) {}

  /** Consumes one request of `name` for the caller or throws 429 with Retry-After. */
  async consume(principal: Principal, name: LimitName, nowMs: number): Promise<void> {
    const quota = quotaFor(name, principal.quotas);
    const now = nowMs / 1000;
    const windows: Window[] = [];
    // The minute first: when both are full, its wait is the one that matters.
    if (quota.perMinute !== undefined) windows.push({ seconds: 60, limit: quota.perMinute, bucket: Math.floor(now / 60) });
    if (quota.perSecond !== undefined) windows.push({ seconds: 1, limit: quota.perSecond, bucket: Math.floor(now) });
    if (!windows.length) return;
    const counter = `${principal.keyHash.slice(0, 32)}#${name}`;
    const longest = windows[0];
    // The counter outlives its windows a little so clock skew between instances is harmless.
    const expiresAt = (longest.bucket + 1) * longest.seconds + 60;
    const closed = windows.findIndex((w) => w.limit < 1);
    const full = closed >= 0 ? closed : await this.store.take(counter, windows, expiresAt);
    if (full < 0) return;
    const window = windows[full];
    const per = window.seconds === 1 ? 'second' : 'minute';
    throw tooManyRequests(
      `rate limit: more than ${window.limit} ${name} requests per ${per} for this key`,
      (window.bucket + 1) * window.seconds - now,
    );
  }
}
