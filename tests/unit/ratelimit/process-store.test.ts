import { describe, expect, it, vi } from 'vitest';
import type { Window } from '../../../shared/ratelimit/limiter';

// serverless-offline loads every function's bundle as a module of its own, so the
// local stack's process can hold many copies of the memory store's module. The
// counters must still be one per process, or a key would get its quota once per
// function instead of once.

type StoreModule = typeof import('../../../shared/ratelimit/memory-store');

async function freshCopy(): Promise<StoreModule> {
  vi.resetModules();
  return import('../../../shared/ratelimit/memory-store');
}

const second = (limit: number): Window[] => [{ seconds: 1, limit, bucket: Math.floor(Date.now() / 1000) + 1000 }];

describe('the process-wide memory counter store', () => {
  it('is one store across separately loaded copies of its module', async () => {
    const a = await freshCopy();
    const b = await freshCopy();
    expect(a.MemoryCounterStore).not.toBe(b.MemoryCounterStore); // two module instances
    expect(a.processCounterStore()).toBe(b.processCounterStore());
  });

  it('counts a request taken through one copy against the limit seen by the other', async () => {
    const a = (await freshCopy()).processCounterStore();
    const b = (await freshCopy()).processCounterStore();
    const counter = `shared-${Math.random()}`;
    const expiresAt = Date.now() / 1000 + 3600;
    // one window for all five takes: made per take, a second boundary between two takes moved
    // the later ones into a fresh bucket (a whole run saw -1 where 0 was expected)
    const window = second(3);
    expect(await a.take(counter, window, expiresAt)).toBe(-1);
    expect(await b.take(counter, window, expiresAt)).toBe(-1);
    expect(await a.take(counter, window, expiresAt)).toBe(-1);
    expect(await b.take(counter, window, expiresAt)).toBe(0);
    expect(await a.take(counter, window, expiresAt)).toBe(0);
  });

  it('keeps a separately built store (a test double) to itself', async () => {
    const { MemoryCounterStore, processCounterStore } = await freshCopy();
    const own = new MemoryCounterStore();
    const counter = `own-${Math.random()}`;
    const window = second(1);
    expect(await own.take(counter, window, Date.now() / 1000 + 3600)).toBe(-1);
    expect(await processCounterStore().take(counter, window, Date.now() / 1000 + 3600)).toBe(-1);
  });
});
