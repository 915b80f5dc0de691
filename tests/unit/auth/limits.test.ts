import { describe, expect, it, vi } from 'vitest';
import { authenticate } from '../../../shared/auth/authorize';
import { createNamespacedKey, deleteNamespacedKey, issueRootKey } from '../../../shared/auth/issue';
import { principalOf } from '../../../shared/auth/model';
import { UnknownKeyGuard, UNKNOWN_KEY_WINDOW_MS } from '../../../shared/auth/unknown-keys';
import { ApiError } from '../../../shared/platform/errors';
import { MemoryKeyStore } from '../../fixtures/memory/auth';

describe('unknown keys per source address', () => {
  it('blocks a source after `limit` unknown keys for the rest of its window, others untouched', () => {
    let now = 1_000_000;
    const guard = new UnknownKeyGuard(
      () => 3,
      () => now,
    );
    for (let i = 0; i < 3; i++) {
      expect(guard.blockedFor('198.51.100.7')).toBe(0);
      guard.noteUnknown('198.51.100.7');
    }
    expect(guard.blockedFor('198.51.100.7')).toBe(UNKNOWN_KEY_WINDOW_MS);
    expect(guard.blockedFor('198.51.100.8')).toBe(0);
    now += UNKNOWN_KEY_WINDOW_MS - 1;
    expect(guard.blockedFor('198.51.100.7')).toBe(1);
    now += 1;
    expect(guard.blockedFor('198.51.100.7')).toBe(0);
  });

  it('is off with a limit of 0 or without a source address', () => {
    const off = new UnknownKeyGuard(() => 0);
    for (let i = 0; i < 10; i++) off.noteUnknown('198.51.100.7');
    expect(off.blockedFor('198.51.100.7')).toBe(0);
    const on = new UnknownKeyGuard(() => 1);
    on.noteUnknown(undefined);
    expect(on.blockedFor(undefined)).toBe(0);
  });

  it('keeps a bounded number of sources, forgetting the oldest', () => {
    const guard = new UnknownKeyGuard(
      () => 1,
      () => 0,
      UNKNOWN_KEY_WINDOW_MS,
      2,
    );
    guard.noteUnknown('a');
    guard.noteUnknown('b');
    guard.noteUnknown('c');
    expect([guard.blockedFor('a'), guard.blockedFor('b'), guard.blockedFor('c')]).toEqual([
      0,
      UNKNOWN_KEY_WINDOW_MS,
      UNKNOWN_KEY_WINDOW_MS,
    ]);
  });

  it('authenticate reports malformed and missing keys as unknown, and a real key not', async () => {
    const store = new MemoryKeyStore();
    const { key } = await issueRootKey(store, { org: 'acme', now: 0 });
    const onUnknown = vi.fn();
    const auth = (k: string | undefined) => authenticate(store, { key: k, service: null, region: 'local', now: 10, onUnknown });
    await expect(auth(`wm_${'0'.repeat(40)}`)).rejects.toMatchObject({ status: 401 });
    await expect(auth('short')).rejects.toMatchObject({ status: 401 });
    expect(onUnknown).toHaveBeenCalledTimes(2);
    await auth(key);
    await expect(auth(undefined)).rejects.toMatchObject({ status: 401 });
    expect(onUnknown).toHaveBeenCalledTimes(2);
  });
});

describe('namespaced keys per organisation', () => {
  it('refuses the key past the limit with 409 naming the limit; a deletion frees a slot', async () => {
    const store = new MemoryKeyStore();
    const { record } = await issueRootKey(store, { org: 'acme', now: 0 });
    const principal = principalOf(record);
    const options = { now: 100, delaySeconds: 0, maxKeys: 2 };
    const first = await createNamespacedKey(store, principal, 'a', options);
    await createNamespacedKey(store, principal, 'b', options);
    const refused = await createNamespacedKey(store, principal, 'c', options).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, field: 'namespace' });
    expect((refused as ApiError).message).toMatch(/maximum of 2 namespaced keys/);
    await deleteNamespacedKey(store, principal, 'a', first.apikey, options);
    await expect(createNamespacedKey(store, principal, 'c', options)).resolves.toMatchObject({ namespace: 'c' });
  });

  it('gives the slot back when storing the key fails', async () => {
    const store = new MemoryKeyStore();
    const { record } = await issueRootKey(store, { org: 'acme', now: 0 });
    const create = vi.spyOn(store, 'create').mockRejectedValueOnce(new Error('storage down'));
    const options = { now: 100, delaySeconds: 0, maxKeys: 1 };
    await expect(createNamespacedKey(store, principalOf(record), 'a', options)).rejects.toThrow('storage down');
    create.mockRestore();
    await expect(createNamespacedKey(store, principalOf(record), 'a', options)).resolves.toMatchObject({ namespace: 'a' });
  });
});
