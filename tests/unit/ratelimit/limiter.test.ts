import { describe, expect, it } from 'vitest';
import { principalOf } from '../../../shared/auth/model';
import { RateLimiter } from '../../../shared/ratelimit/limiter';
import { MemoryCounterStore } from '../../fixtures/memory/ratelimit';

// Counting semantics only; atomicity under concurrency is tested on DynamoDB.

const principal = (quotas = {}) =>
  principalOf({
    hash: 'f'.repeat(64),
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
  });

  it('gives back the minute slot when the second window refuses', async () => {
    const store = new MemoryCounterStore();
    const limiter = new RateLimiter(store);
    const p = principal({ tracking: { perSecond: 1, perMinute: 10 } });
    const t = 1_700_000_040_000;
    expect(await outcome(limiter.consume(p, 'tracking', t))).toBe('ok');
    expect(await outcome(limiter.consume(p, 'tracking', t))).toMatch(/^429/);
    const minuteCounter = [...store.counts.keys()].find((k) => k.includes('#60#'))!;
    expect(store.counts.get(minuteCounter)).toBe(1);
  });

  it('keeps keys and quotas apart', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore());
    const t = 1_700_000_000_000;
    for (let i = 0; i < 1; i++) await limiter.consume(principal(), 'batch_geocode', t);
    expect(await outcome(limiter.consume(principal(), 'batch_geocode', t))).toMatch(/^429/);
    expect(await outcome(limiter.consume(principal(), 'multigeocode', t))).toBe('ok');
  });
});
