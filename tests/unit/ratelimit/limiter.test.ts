import { describe, expect, it } from 'vitest';
import { principalOf } from '../../../shared/auth/model';
import { RateLimiter } from '../../../shared/ratelimit/limiter';
import { MemoryCounterStore } from '../../../shared/ratelimit/memory-store';

// Counting semantics, on the in-process store; the same limiter on DynamoDB is
// tested in tests/integration/platform/rate-limit.test.ts.

const principal = (quotas = {}, hash = 'f'.repeat(64)) =>
  principalOf({
    hash,
    org: 'o',
    namespace: null,
    services: [],
    regions: ['*'],
    status: 'active',
    created_at: 0,
    active_from: 0,
    quotas,
  });

const outcome = (p: Promise<void>) =>
  p.then(
    () => 'ok',
    (e: { status: number; headers: Record<string, string> }) => `${e.status} retry-after=${e.headers['retry-after']}`,
  );

describe('RateLimiter', () => {
  it('applies the per-second limit of the spec (optimization: 5/s)', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore());
    const t = 1_700_000_000_250;
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await outcome(limiter.consume(principal(), 'optimization', t)));
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', '429 retry-after=1']);
    expect(await outcome(limiter.consume(principal(), 'optimization', t + 1000))).toBe('ok');
  });

  it('applies the per-minute limit and says how long to wait', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore());
    const p = principal({ geofence: { perSecond: 1000, perMinute: 3 } });
    const minuteStart = 1_700_000_040_000; // a multiple of 60 s
    for (let i = 0; i < 3; i++) expect(await outcome(limiter.consume(p, 'geofence', minuteStart + 15_000))).toBe('ok');
    expect(await outcome(limiter.consume(p, 'geofence', minuteStart + 15_000))).toBe('429 retry-after=45');
    expect(await outcome(limiter.consume(p, 'geofence', minuteStart + 60_000))).toBe('ok');
  });

  it('admits exactly the limit of a burst of parallel requests', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore());
    const p = principal({ keys: { perSecond: 1000, perMinute: 10 } });
    const t = 1_700_000_040_000;
    const results = await Promise.all(Array.from({ length: 50 }, () => outcome(limiter.consume(p, 'keys', t))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
  });

  it('a refusal by the per-second window does not use up the minute', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore());
    const p = principal({ tracking: { perSecond: 2, perMinute: 4 } });
    const t = 1_700_000_040_000;
    const first = await Promise.all(Array.from({ length: 6 }, () => outcome(limiter.consume(p, 'tracking', t + 10))));
    expect(first.filter((r) => r === 'ok')).toHaveLength(2);
    const next = await Promise.all(Array.from({ length: 3 }, () => outcome(limiter.consume(p, 'tracking', t + 1010))));
    expect(next.filter((r) => r === 'ok')).toHaveLength(2);
    expect(next.find((r) => r !== 'ok')).toBe('429 retry-after=59');
  });

  it('refuses everything under a quota of zero', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore());
    const p = principal({ geofence: { perSecond: 0, perMinute: 10 } });
    expect(await outcome(limiter.consume(p, 'geofence', 1_700_000_000_000))).toMatch(/^429/);
  });

  it('keeps keys and quotas apart', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore());
    const t = 1_700_000_000_000;
    await limiter.consume(principal(), 'batch_geocode', t);
    expect(await outcome(limiter.consume(principal(), 'batch_geocode', t))).toMatch(/^429/);
    expect(await outcome(limiter.consume(principal(), 'multigeocode', t))).toBe('ok');
    expect(await outcome(limiter.consume(principal({}, 'e'.repeat(64)), 'batch_geocode', t))).toBe('ok');
  });
});

describe('MemoryCounterStore', () => {
  it('forgets counters whose windows are over, so memory stays bounded', async () => {
    let now = 1_700_000_000_000;
    const store = new MemoryCounterStore(() => now);
    const window = (bucket: number) => [{ seconds: 1, limit: 5, bucket }];
    for (let i = 0; i < 999; i++) await store.take(`k${i}`, window(1_700_000_000), 1_700_000_061);
    expect(store.size).toBe(999);
    now += 120_000;
    await store.take('fresh', window(1_700_000_120), 1_700_000_181);
    expect(store.size).toBe(1);
  });
});
