// Index build: the default dataset's words, sharded by their first character. Each shard is a
// MiniSearch index built the first time a search needs it, so the first search after a cold
// start builds only what it touches; buildAll() builds the rest.

import { WordShard } from './minisearch-shard';

/** For each first character of a word, the places having a word starting with it (ascending). */
export function placesByFirstChar(keys: readonly string[]): Map<string, number[]> {
  const lists = new Map<string, number[]>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    let firsts = '';
    for (let p = 0; p < k.length; p++) {
      if (p === 0 || k[p - 1] === ' ' || k[p - 1] === '|') {
        const c = k[p];
        if (c === ' ' || c === '|' || firsts.includes(c)) continue;
        firsts += c;
        let list = lists.get(c);
        if (!list) lists.set(c, (list = []));
        list.push(i);
      }
    }
  }
  return lists;
}

/** Whether a word of `keys` ("|"-separated names, words separated by spaces) starts with `prefix`. */
export function hasWordPrefix(keys: string, prefix: string): boolean {
  let at = keys.indexOf(prefix);
  while (at >= 0) {
    if (at === 0 || keys[at - 1] === ' ' || keys[at - 1] === '|') return true;
    at = keys.indexOf(prefix, at + 1);
  }
  return false;
}

export class WordIndex {
  private readonly keys: readonly string[];
  private readonly lists: Map<string, number[]>;
  private readonly shards = new Map<string, WordShard>();
  /** Total time spent building shards so far. */
  private buildMs = 0;

  /** `keys[i]`: the "|"-separated folded names of place i, words separated by spaces. */
  constructor(keys: readonly string[]) {
    this.keys = keys;
    this.lists = placesByFirstChar(keys);
  }

  /** The shard of words starting with `c` (built now if needed; a few to ~150 ms), if any word does. */
  shard(c: string): WordShard | undefined {
    const existing = this.shards.get(c);
    if (existing) return existing;
    const places = this.lists.get(c);
    if (!places) return undefined;
    const t0 = performance.now();
    const shard = new WordShard(places, this.keys, c);
    this.shards.set(c, shard);
    this.buildMs += performance.now() - t0;
    return shard;
  }

  /** The places having a word that starts with `c` (ascending), without building its shard. */
  placesStartingWith(c: string): readonly number[] {
    return this.lists.get(c) ?? [];
  }

  /** Whether a word of place i starts with `prefix`. */
  placeHasWordPrefix(i: number, prefix: string): boolean {
    return hasWordPrefix(this.keys[i], prefix);
  }

  /** Builds every shard now; later searches never pay for a build. */
  buildAll(): void {
    for (const c of this.lists.keys()) this.shard(c);
  }

  get stats(): { terms: number; shardsBuilt: number; shardsTotal: number; shardBuildMs: number } {
    let terms = 0;
    for (const sh of this.shards.values()) terms += sh.termCount;
    return { terms, shardsBuilt: this.shards.size, shardsTotal: this.lists.size, shardBuildMs: this.buildMs };
  }
}
