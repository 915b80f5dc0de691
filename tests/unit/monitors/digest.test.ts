import { describe, expect, it } from 'vitest';
import { changeDigest, revisionsDigest } from '../../../shared/monitors/digest';

// The counter's digest of (monitor id, revision) pairs, kept up to date one write at a time.

describe('monitor revisions digest', () => {
  const pairs = [
    { id: 'a', rev: 'r1' },
    { id: 'b', rev: 'r1' },
    { id: 'c', rev: 'r7' },
  ];

  it('does not depend on the order of the pairs, and tells sets apart', () => {
    expect(revisionsDigest(pairs)).toBe(revisionsDigest([...pairs].reverse()));
    expect(revisionsDigest(pairs)).not.toBe(revisionsDigest(pairs.slice(1)));
    expect(revisionsDigest([{ id: 'a', rev: 'r1' }])).not.toBe(revisionsDigest([{ id: 'a', rev: 'r2' }]));
  });

  it('follows creates, replacements and deletes one at a time', () => {
    let digest = revisionsDigest([]);
    for (const p of pairs) digest = changeDigest(digest, { after: p });
    expect(digest).toBe(revisionsDigest(pairs));
    digest = changeDigest(digest, { before: pairs[0], after: { id: 'a', rev: 'r2' } });
    digest = changeDigest(digest, { before: pairs[1] });
    expect(digest).toBe(revisionsDigest([{ id: 'a', rev: 'r2' }, pairs[2]]));
  });
});
