import { describe, expect, it, vi } from 'vitest';
import { isWriteConflict, retry, RETRY_DEFAULTS, retryDelayCap, WriteConflict } from '../../../shared/platform/retry';

/** Records the waits instead of sleeping; the jitter draw is fixed so the waits are exact. */
function recorder(draw = 0.5) {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms), random: () => draw };
}

/** A step that fails with `errors` in turn, then answers `value`. */
function failing<T>(errors: unknown[], value: T) {
  const seen: number[] = [];
  return {
    seen,
    step: async (attempt: number) => {
      seen.push(attempt);
      if (seen.length <= errors.length) throw errors[seen.length - 1];
      return value;
    },
  };
}

describe('retry', () => {
  it('returns the first success, retrying only the failures the caller calls retryable', async () => {
    const r = recorder();
    const f = failing([new WriteConflict(), new WriteConflict()], 'done');
    await expect(retry(f.step, { retryable: isWriteConflict, ...r })).resolves.toBe('done');
    expect(f.seen).toEqual([0, 1, 2]);
    expect(r.waits).toEqual([0.5 * retryDelayCap(1), 0.5 * retryDelayCap(2)]);
  });

  it('rethrows any other error at once, without waiting', async () => {
    const r = recorder();
    const boom = new Error('boom');
    const f = failing([new WriteConflict(), boom], 'never');
    await expect(retry(f.step, { retryable: isWriteConflict, ...r })).rejects.toBe(boom);
    expect(f.seen).toEqual([0, 1]);
    expect(r.waits).toHaveLength(1);
  });

  it('stops after the default number of attempts and throws the last failure', async () => {
    const r = recorder();
    const last = new WriteConflict('last');
    const errors = [...Array.from({ length: RETRY_DEFAULTS.attempts - 1 }, () => new WriteConflict()), last];
    const f = failing(errors, 'never');
    await expect(retry(f.step, { retryable: isWriteConflict, ...r })).rejects.toBe(last);
    expect(f.seen).toHaveLength(RETRY_DEFAULTS.attempts);
    expect(r.waits).toHaveLength(RETRY_DEFAULTS.attempts - 1);
  });

  it('takes the attempts and the error to throw when they run out from the call', async () => {
    const r = recorder();
    const f = failing(
      Array.from({ length: 5 }, () => new WriteConflict()),
      'never',
    );
    const refused = new Error('busy');
    await expect(retry(f.step, { retryable: isWriteConflict, attempts: 3, exhausted: () => refused, ...r })).rejects.toBe(refused);
    expect(f.seen).toEqual([0, 1, 2]);
  });

  it('waits a random time below a cap that doubles per retry, up to the maximum', async () => {
    expect([1, 2, 3, 4].map((n) => retryDelayCap(n))).toEqual([20, 40, 80, 160]);
    expect(retryDelayCap(20)).toBe(RETRY_DEFAULTS.maxDelayMs);
    expect(retryDelayCap(2, { baseDelayMs: 25, maxDelayMs: 60 })).toBe(60);
    const r = recorder(0.999);
    const f = failing(
      Array.from({ length: 3 }, () => new WriteConflict()),
      1,
    );
    await retry(f.step, { retryable: isWriteConflict, baseDelayMs: 25, ...r });
    expect(r.waits).toEqual([49.95, 99.9, 199.8].map((w) => expect.closeTo(w, 6)));
    for (const [i, w] of r.waits.entries()) expect(w).toBeLessThan(retryDelayCap(i + 1, { baseDelayMs: 25 }));
  });

  it('waits on a timer between attempts by default', async () => {
    vi.useFakeTimers();
    try {
      const f = failing([new WriteConflict()], 'ok');
      const result = retry(f.step, { retryable: isWriteConflict, random: () => 0.5 });
      await vi.advanceTimersByTimeAsync(9);
      expect(f.seen).toEqual([0]);
      await vi.advanceTimersByTimeAsync(1);
      expect(f.seen).toEqual([0, 1]);
      await expect(result).resolves.toBe('ok');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells write conflicts from other errors', () => {
    expect(isWriteConflict(new WriteConflict())).toBe(true);
    expect(isWriteConflict(new Error('x'))).toBe(false);
    expect(isWriteConflict(undefined)).toBe(false);
  });
});
