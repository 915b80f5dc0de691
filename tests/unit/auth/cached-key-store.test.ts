import { describe, expect, it, vi } from 'vitest';
import { CachedKeyStore } from '../../../shared/auth/cached-key-store';
import type { KeyRecord } from '../../../shared/auth/model';
import { MemoryKeyStore } from '../../fixtures/memory/auth';

const record = (hash: string, status: KeyRecord['status'] = 'active'): KeyRecord => ({
  hash,
  org: 'acme',
  namespace: null,
  services: ['geofence'],
  regions: ['*'],
  status,
  created_at: 0,
  active_from: 0,
});

/** The shared in-memory store, counting its reads; tests change its records behind the cache's back. */
function backing() {
  const store = new MemoryKeyStore();
  const reads = vi.spyOn(store, 'findByHash');
  return { store, reads: () => reads.mock.calls.length };
}

/** A cache over `b` with a 500 ms time to live on a clock the test moves with `wait`. */
function clocked(b: ReturnType<typeof backing>) {
  let now = 1000;
  const cache = new CachedKeyStore(
    b.store,
    () => 500,
    () => now,
  );
  return { cache, wait: (ms: number) => void (now += ms) };
}

describe('CachedKeyStore', () => {
  it('reads a found key once within the time to live, again after it', async () => {
    const b = backing();
    await b.store.create(record('h'));
    const { cache, wait } = clocked(b);
    await cache.findByHash('h');
    await cache.findByHash('h');
    expect(b.reads()).toBe(1);
    await b.store.setStatus('h', 'disabled', 1_700_000_000);
    wait(499);
    expect((await cache.findByHash('h'))?.status).toBe('active');
    wait(1);
    expect((await cache.findByHash('h'))?.status).toBe('disabled');
    expect(b.reads()).toBe(2);
  });

  it('remembers a miss for the time to live: a made-up key sent again costs no read', async () => {
    const b = backing();
    const { cache, wait } = clocked(b);
    for (let i = 0; i < 5; i++) expect(await cache.findByHash('nope')).toBeUndefined();
    expect(b.reads()).toBe(1);
    wait(500);
    expect(await cache.findByHash('nope')).toBeUndefined();
    expect(b.reads()).toBe(2);
  });

  it('tells whether it holds a found key, without reading', async () => {
    const b = backing();
    await b.store.create(record('h'));
    const { cache, wait } = clocked(b);
    expect(cache.holds('h')).toBe(false);
    await cache.findByHash('h');
    await cache.findByHash('missing');
    expect([cache.holds('h'), cache.holds('missing')]).toEqual([true, false]);
    wait(500);
    expect(cache.holds('h')).toBe(false);
    expect(b.reads()).toBe(2);
  });

  it('forgets a miss when the key is created through it, so the new key works at once', async () => {
    const b = backing();
    const cache = new CachedKeyStore(b.store, () => 10_000);
    expect(await cache.findByHash('new')).toBeUndefined();
    await cache.create(record('new'));
    expect((await cache.findByHash('new'))?.hash).toBe('new');
  });

  it('drops its copy when the key is changed through it', async () => {
    const b = backing();
    await b.store.create(record('h'));
    const cache = new CachedKeyStore(b.store, () => 10_000);
    await cache.findByHash('h');
    await cache.revokeAt('h', 42);
    expect((await cache.findByHash('h'))?.active_until).toBe(42);
    await cache.setStatus('h', 'disabled', 43);
    expect((await cache.findByHash('h'))?.status).toBe('disabled');
  });

  it('a time to live of 0 reads through every time', async () => {
    const b = backing();
    await b.store.create(record('h'));
    const cache = new CachedKeyStore(b.store, () => 0);
    await cache.findByHash('h');
    await cache.findByHash('h');
    expect(b.reads()).toBe(2);
  });
});
