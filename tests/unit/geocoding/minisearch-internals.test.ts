import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { shardOptions, WordShard, type MiniSearchInternals, type PlaceSink } from '../../../shared/geocoding/minisearch-shard';

// Candidate generation reads MiniSearch's private radix tree (shared/geocoding/minisearch-shard.ts).
// These tests check, on a tiny index, every private member and shape that file relies on, so a
// MiniSearch upgrade that changes them fails here instead of silently returning wrong places.

/** Place i's search keys: "|"-separated folded names, words separated by spaces. */
const keys = ['london', 'lomdon', 'paris|lutetia', 'los angeles|la', 'new london', 'londres'];
/** Places having a word starting with "l", added out of order on purpose. */
const places = [4, 0, 5, 3, 1, 2];

function tinyIndex(): MiniSearchInternals {
  const ms = new MiniSearch<number>(shardOptions(keys, 'l'));
  for (const i of places) ms.add(i);
  return ms as unknown as MiniSearchInternals;
}

/** A sink that collects everything, or stops after `max` new places. */
function sink(max = Infinity): PlaceSink & { out: number[] } {
  const out: number[] = [];
  return {
    out,
    add: (p) => (out.includes(p) ? false : (out.push(p), true)),
    get full() {
      return out.length >= max;
    },
  };
}

describe('MiniSearch internals read by the default index', () => {
  it('numbers documents with short ids in insertion order (_documentIds)', () => {
    const ix = tinyIndex();
    expect(ix._documentIds).toBeInstanceOf(Map);
    expect([...ix._documentIds.entries()]).toEqual(places.map((p, shortId) => [shortId, p]));
  });

  it('keeps a term’s postings as field id -> (short id -> term frequency) (_index.get)', () => {
    const postings = tinyIndex()._index.get('london');
    expect(postings).toBeInstanceOf(Map);
    expect([...postings!.keys()]).toEqual([0]); // the only field, "t"
    const docs = postings!.get(0)!;
    expect(docs).toBeInstanceOf(Map);
    // "london" is a word of places 4 ("new london") and 0, added first and second
    expect([...docs.entries()]).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(tinyIndex()._index.get('lon')).toBeUndefined();
    expect(tinyIndex()._index.get('paris')).toBeUndefined(); // only words starting with "l" are indexed
  });

  it('lists the words and postings under a prefix (_index.atPrefix keys / entries)', () => {
    const ix = tinyIndex();
    expect([...ix._index.atPrefix('lo').keys()].sort()).toEqual(['lomdon', 'london', 'londres', 'los']);
    const entries = [...ix._index.atPrefix('lon').entries()];
    expect(entries.map(([w]) => w).sort()).toEqual(['london', 'londres']);
    for (const [w, postings] of entries) expect(postings).toEqual(ix._index.get(w));
    expect([...ix._index.atPrefix('lx').keys()]).toEqual([]);
  });

  it('finds words within an edit distance, keyed relative to the prefix (_index.atPrefix.fuzzyGet)', () => {
    const found = tinyIndex()._index.atPrefix('l').fuzzyGet('ondn', 2);
    expect([...found.keys()].sort()).toEqual(['omdon', 'ondon']);
  });
});

describe('WordShard over those internals', () => {
  const shard = new WordShard(places, keys, 'l');

  it('maps postings back to place numbers', () => {
    const s = sink();
    shard.eachPlace('london', s);
    expect(s.out).toEqual([4, 0]);
    const none = sink();
    shard.eachPlace('paris', none);
    expect(none.out).toEqual([]);
  });

  it('stops an exact lookup at the place that fills the sink', () => {
    const s = sink(1);
    shard.eachPlace('london', s);
    expect(s.out).toEqual([4]);
  });

  it('collects whole words under a prefix until the sink is full', () => {
    const all = sink();
    shard.eachPlaceWithPrefix('lo', all);
    expect(all.out.sort()).toEqual([0, 1, 3, 4, 5]);
    // whichever of "london" (places 4, 0) and "londres" (place 5) comes first fills the
    // sink, is taken whole, and the other is not visited
    const some = sink(1);
    shard.eachPlaceWithPrefix('lon', some);
    expect([[4, 0], [5]]).toContainEqual(some.out);
  });

  it('lists words under a prefix and words a few edits away', () => {
    expect(shard.wordsWithPrefix('lo', 10).sort()).toEqual(['lomdon', 'london', 'londres', 'los']);
    expect(shard.wordsWithPrefix('lo', 2)).toHaveLength(2);
    expect(shard.fuzzyWords('l', 'ondn', 2).sort()).toEqual(['lomdon', 'london']);
    expect(shard.termCount).toBe(6); // london londres lomdon lutetia los la
  });
});
