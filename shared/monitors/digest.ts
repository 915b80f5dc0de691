import { createHash } from 'node:crypto';

// An order-free digest of a set of (monitor id, revision) pairs: the XOR of a 64-bit hash of each
// pair. A write that replaces, adds or removes one pair updates it without reading the others.

export interface Revision {
  id: string;
  rev: string;
}

/** What one write does to the pairs: `before` leaves, `after` arrives. */
export interface RevisionChange {
  before?: Revision;
  after?: Revision;
}

const pairHash = (r: Revision): bigint => createHash('sha256').update(`${r.id}\u0000${r.rev}`).digest().readBigUInt64BE(0);
const hex = (n: bigint): string => n.toString(16).padStart(16, '0');

export function revisionsDigest(revisions: readonly Revision[]): string {
  return hex(revisions.reduce((acc, r) => acc ^ pairHash(r), 0n));
}

export function changeDigest(digest: string, change: RevisionChange): string {
  let n = BigInt(`0x${digest}`);
  if (change.before) n ^= pairHash(change.before);
  if (change.after) n ^= pairHash(change.after);
  return hex(n);
}
