// Running a step again when it failed in a way that a second try can fix: a conditional write
// that lost a race with a concurrent writer (re-read, re-apply, write again), a transaction
// conflict, items DynamoDB left unprocessed under throttling. Between attempts the caller waits
// a random time below an exponentially growing cap ("full jitter"), so writers that collided
// once do not collide again in lockstep. Every other error ends the retries at once.

export interface RetryOptions {
  /** Whether a failure is worth another attempt; any other error is rethrown as it is. */
  retryable: (error: unknown) => boolean;
  /** Attempts in all, the first one included. */
  attempts?: number;
  /** The wait before retry n (1, 2, ...) is random in [0, min(maxDelayMs, baseDelayMs * 2^n)). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** What to throw when the last attempt failed too (default: that failure itself). */
  exhausted?: (last: unknown) => unknown;
  /** For tests: how to wait, and where the jitter comes from. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** 8 attempts; waits below 20, 40, 80, ... ms, never more than 1 s. */
export const RETRY_DEFAULTS = { attempts: 8, baseDelayMs: 10, maxDelayMs: 1000 } as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The longest wait before retry `n` (1-based). */
export function retryDelayCap(n: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'> = {}): number {
  const base = options.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  return Math.min(options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs, base * 2 ** n);
}

/** Runs `step` (given the 0-based attempt number) until it succeeds, fails unretryably, or runs out of attempts. */
export async function retry<T>(step: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = options.attempts ?? RETRY_DEFAULTS.attempts;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await sleep(random() * retryDelayCap(attempt, options));
    try {
      return await step(attempt);
    } catch (error) {
      if (!options.retryable(error)) throw error;
      if (attempt + 1 >= attempts) throw options.exhausted ? options.exhausted(error) : error;
    }
  }
}

/**
 * What a step throws when its conditional write found the item changed since it was read
 * (stores answer such a loss with a value, not an error): retryable with `isWriteConflict`.
 */
export class WriteConflict extends Error {
  constructor(message = 'the item changed while it was being written') {
    super(message);
    this.name = 'WriteConflict';
  }
}

export const isWriteConflict = (error: unknown): boolean => error instanceof WriteConflict;
