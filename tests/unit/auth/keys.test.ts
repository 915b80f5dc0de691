import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, looksLikeApiKey, sameDigest } from '../../../shared/auth/keys';

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
