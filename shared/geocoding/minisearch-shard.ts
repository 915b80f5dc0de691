// The one file that reads MiniSearch's private radix tree (minisearch is pinned at 7.2.0;
// tests/unit/geocoding/minisearch-internals.test.ts fails when what is read here changes).
// Candidate generation needs MiniSearch's exact, prefix and fuzzy term lookups without its
// BM25 scoring, which the ranker replaces; the public search() always scores.

import MiniSearch, { type Options } from 'minisearch';

/** A term's postings as MiniSearch keeps them: field id -> (short document id -> term frequency). */
export type Postings = Map<number, Map<number, number>>;

/** The private members of a MiniSearch instance read here (not in its public typings). */
export interface MiniSearchInternals {
  _index: {
    get(term: string): Postings | undefined;
    atPrefix(prefix: string): {
      keys(): IterableIterator<string>;
      entries(): IterableIterator<[string, Postings]>;
      /** Keys are relative to the prefix. */
      fuzzyGet(key: string, maxEditDistance: number): Map<string, unknown>;
    };
  };
  /** short id -> document id; short ids count up from 0 in insertion order. */
  _documentIds: Map<number, unknown>;
}

/** Receives the places a lookup finds. */
export interface PlaceSink {
  /** Takes one place; true when it is new to the sink. */
  add(place: number): boolean;
  /** No more places wanted. */
  readonly full: boolean;
}

const SPLIT_KEYS = /[ |]/;

/** MiniSearch options of the shard of words starting with `first`; documents are place numbers. */
export function shardOptions(keys: readonly string[], first: string): Options<number> {
  return {
    fields: ['t'],
    idField: 'id',
    extractField: (i: number, field: string) => (field === 'id' ? i : keys[i]),
    tokenize: (text) => text.split(SPLIT_KEYS).filter((w) => w[0] === first),
    processTerm: (term) => term || null,
  };
}

/** A MiniSearch index over the words of some places that start with one character. */
export class WordShard {
  private readonly ms: MiniSearch<number>;
  private readonly tree: MiniSearchInternals['_index'];
  /** Short id -> place number. */
  private readonly places: readonly number[];

  constructor(places: readonly number[], keys: readonly string[], first: string) {
    this.ms = new MiniSearch<number>(shardOptions(keys, first));
    for (const i of places) this.ms.add(i);
    const internals = this.ms as unknown as MiniSearchInternals;
    // postings are read by short id, which must be the insertion position
    if (places.length && internals._documentIds.get(places.length - 1) !== places[places.length - 1]) {
      throw new Error('geocoding: unexpected MiniSearch internals (short ids); minisearch must stay at 7.2.0');
    }
    this.tree = internals._index;
    this.places = places;
  }

  get termCount(): number {
    return this.ms.termCount;
  }

  /** Feeds the places having the word `word`, stopping once a new place fills the sink. */
  eachPlace(word: string, sink: PlaceSink): void {
    const fields = this.tree.get(word);
    if (!fields) return;
    const places = this.places;
    for (const docs of fields.values()) {
      for (const shortId of docs.keys()) if (sink.add(places[shortId]) && sink.full) return;
    }
  }

  /** Feeds the places having a word that starts with `prefix`, word by word until the sink is full. */
  eachPlaceWithPrefix(prefix: string, sink: PlaceSink): void {
    const places = this.places;
    for (const [, fields] of this.tree.atPrefix(prefix).entries()) {
      for (const docs of fields.values()) {
        for (const shortId of docs.keys()) sink.add(places[shortId]);
      }
      if (sink.full) return;
    }
  }

  /** The first `limit` indexed words starting with `prefix` (radix-tree order). */
  wordsWithPrefix(prefix: string, limit: number): string[] {
    const out: string[] = [];
    for (const w of this.tree.atPrefix(prefix).keys()) {
      out.push(w);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Indexed words `first` + s where s is within `maxEdits` (Levenshtein) of `rest`. */
  fuzzyWords(first: string, rest: string, maxEdits: number): string[] {
    return [...this.tree.atPrefix(first).fuzzyGet(rest, maxEdits).keys()].map((suffix) => first + suffix);
  }
}
