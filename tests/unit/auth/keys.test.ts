import { describe, expect, it } from 'vitest';
import { issueRootKey } from '../../../shared/auth/issue';
import type { KeyStore } from '../../../shared/auth/key-store';
import { generateApiKey, hashApiKey, looksLikeApiKey, sameDigest } from '../../../shared/auth/keys';
import { spaceOf, type KeyRecord } from '../../../shared/auth/model';

describe('API key material', () => {
  it('generates distinct prefixed keys with 160 random bits', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^wm_[0-9a-f]{40}$/);
  });

  it('hashes with SHA-256 (known vector)', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares digests exactly', () => {
    const a = hashApiKey('one');
    expect(sameDigest(a, hashApiKey('one'))).toBe(true);
    expect(sameDigest(a, hashApiKey('two'))).toBe(false);
    expect(sameDigest(a, a.slice(0, 62))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });

  it('screens out values that cannot be keys', () => {
    expect(looksLikeApiKey(generateApiKey())).toBe(true);
    expect(looksLikeApiKey('short')).toBe(false);
    expect(looksLikeApiKey('has space in it')).toBe(false);
    expect(looksLikeApiKey('x'.repeat(129))).toBe(false);
  });
});

describe('organisation names', () => {
  const created: KeyRecord[] = [];
  const store = { create: async (r: KeyRecord) => void created.push(r) } as unknown as KeyStore;
  const issue = (org: string) =>
    issueRootKey(store, { org, now: 0 }).then(
      () => 'ok',
      (e: { status: number; field?: string }) => `${e.status} ${e.field}`,
    );

  it('refuses separators and anything else that could make two spaces collide', async () => {
    // "a|b" with no namespace and "a" with namespace "b|" would both start "a|b|".
    expect(spaceOf('a|b', null)).toBe('a|b|');
    for (const org of ['a|b', 'a#b', '', 'has space', 'x'.repeat(65), 'tab\t', 'ünï']) expect(await issue(org), org).toBe('400 org');
    for (const org of ['acme', 'acme-1.eu_2', 'x'.repeat(64)]) expect(await issue(org), org).toBe('ok');
    expect(created.map((r) => r.org)).toEqual(['acme', 'acme-1.eu_2', 'x'.repeat(64)]);
  });
});
