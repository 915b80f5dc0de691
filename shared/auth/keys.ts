import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Keys are 160 random bits behind a recognisable prefix (so secret scanners and
// people can tell a Waymark key at a glance). Only their SHA-256 is stored: a
// fast hash is right here because the input is random, not a password.

const PREFIX = 'wm_';

export function generateApiKey(): string {
  return PREFIX + randomBytes(20).toString('hex');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Cheap shape check so obviously malformed keys never reach the database. */
export function looksLikeApiKey(key: string): boolean {
  return key.length >= 8 && key.length <= 128 && /^[A-Za-z0-9_\-]+$/.test(key);
}
