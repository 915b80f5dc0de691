import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { RateLimiter } from '../../../shared/ratelimit/limiter';
import { principalOf } from '../../../shared/auth/model';
import { DynamoCounterStore } from '../../../shared/ratelimit/dynamo-store';
import { DynamoKeyStore } from '../../../shared/auth/dynamo-store';
import { hashApiKey } from '../../../shared/auth/keys';
import { documentClient } from '../../../shared/platform/dynamo';
import { invoke } from '../support/invoke';
import { fromStartOfNextMinute, newOrgKey } from '../support/keys';

afterEach(() => vi.useRealTimers());

describe('rate limits on DynamoDB', () => {
  it('50 parallel requests against a limit of 10 admit exactly 10, through the handler', async () => {
    const { key } = await newOrgKey({ quotas: { keys: { perSecond: 1000, perMinute: 10 } } });
    fromStartOfNextMinute();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        invoke(createKey, { method: 'POST', path: '/namespaced-apikeys', query: { key, namespace: 'burst' } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.body.message).toMatch(/more than 10 keys requests per minute/);
  });

  it('a refusal by the per-second window does not use up the minute', async () => {
    const { key } = await newOrgKey({ quotas: { tracking: { perSecond: 2, perMinute: 4 } } });
    const principal = principalOf((await new DynamoKeyStore().findByHash(hashApiKey(key)))!);
    const limiter = new RateLimiter(new DynamoCounterStore());
    const second = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1000; // a second well inside the next minute
    const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => limiter.consume(principal, 'tracking', second + 10)));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    // Two of the four minute slots are still free in the following second.
    const next = await Promise.allSettled(Array.from({ length: 3 }, () => limiter.consume(principal, 'tracking', second + 1010)));
    expect(next.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
  });

  it('counts both windows with one conditional write per request, rolling each over in turn', async () => {
    const { key } = await newOrgKey({ quotas: { tracking: { perSecond: 2, perMinute: 5 } } });
    const principal = principalOf((await new DynamoKeyStore().findByHash(hashApiKey(key)))!);
    const limiter = new RateLimiter(new DynamoCounterStore());
    const client = documentClient();
    const send = vi.spyOn(client, 'send');
    const minute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
    const calls = async (at: number) => {
      send.mockClear();
      const result = await limiter.consume(principal, 'tracking', at).then(
        () => 'ok',
        (e: { status: number }) => String(e.status),
      );
      return `${result}/${send.mock.calls.length}`;
    };
    try {
      // A new counter, then the same second, then a full second (refused: nothing written).
      expect([await calls(minute + 10), await calls(minute + 20), await calls(minute + 30)]).toEqual(['ok/1', 'ok/1', '429/1']);
      // The next second starts again; the minute goes on until it holds 5.
      expect([await calls(minute + 1010), await calls(minute + 1020), await calls(minute + 2010)]).toEqual(['ok/1', 'ok/1', 'ok/1']);
      expect(await calls(minute + 3010)).toBe('429/1');
      // Another instance (no memory of the counter) finds out from the failed condition.
      const other = new RateLimiter(new DynamoCounterStore());
      send.mockClear();
      await expect(other.consume(principal, 'tracking', minute + 60_010)).resolves.toBeUndefined();
      expect(send.mock.calls.length).toBeLessThanOrEqual(2);
      expect(await calls(minute + 60_020)).toBe('ok/2');
    } finally {
      send.mockRestore();
    }
  });
});
