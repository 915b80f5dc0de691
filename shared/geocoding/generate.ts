// Candidate generation for the default dataset: which places a query could mean, read from the
// word index's exact, prefix and fuzzy lookups (no scoring; rank.ts does that).

import type { PlaceSink } from './minisearch-shard';
import type { QueryPlan } from './rank';
import { maxTypos } from './text';
import type { WordIndex } from './word-index';

/** Prefix table: for every 1-3 letter prefix of an indexed word, the most important places. */
const PREFIX_TABLE_LEN = 3;
const PREFIX_TABLE_SIZE = 48;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Places of a first letter scanned (most important first) for a prefix before collecting all of its places instead. */
const PREFIX_SCAN_BUDGET = 2_000;
/** Importance resolution of the prefix tables' order, and room for a place number beside it (< 2^53 in all). */
const IMPORTANCE_STEPS = 1_000_000;
const PLACE_SLOTS = 1 << 21;
/** Upper bound of places collected for one query before pre-scoring. */
const MAX_CANDIDATES = 20_000;
/** Smaller bound for the typo pass, whose one-edit variants often hit very common words. */
const MAX_TYPO_CANDIDATES = 3_000;
/** Words under a typo'd prefix looked at per variant. */
const TYPO_PREFIX_WORDS = 24;

/** The places of one generation, each once, up to `max` (marks are epoch-stamped, never cleared). */
class Collector implements PlaceSink {
  readonly out: number[] = [];

  constructor(
    private readonly mark: Uint32Array,
    private readonly epoch: number,
    private readonly max: number,
  ) {}

  add(place: number): boolean {
    if (this.mark[place] === this.epoch) return false;
    this.mark[place] = this.epoch;
    this.out.push(place);
    return true;
  }

  get full(): boolean {
    return this.out.length >= this.max;
  }
}

export class CandidateGenerator {
  private readonly mark: Uint32Array;
  private epoch = 0;
  /** Lazily filled: for a 1-3 letter prefix, the most important places having a word with it. */
  private readonly prefixTable = new Map<string, number[]>();
  private readonly rankedByFirst = new Map<string, Int32Array>();

  constructor(
    private readonly words: WordIndex,
    private readonly importance: Float32Array,
  ) {
    this.mark = new Uint32Array(importance.length);
  }

  /**
   * Candidate places, unranked. Pass 1 (`typos` false): exact word, prefix of the last word,
   * adjacent transpositions, or the cached table for a 1-3 letter last word (not under a
   * `restrictive` filter, which the table's places may all fail). Pass 2 (`typos` true): words
   * one edit away and, for the last word, prefixes one edit away; a two-edit fuzzy lookup for
   * long words when that finds nothing. Starts with the longest name token, falling back to the
   * next one while nothing is found.
   */
  generate(plan: QueryPlan, restrictive: boolean, typos: boolean): number[] {
    const nameTokens = plan.nameTokens.length ? plan.nameTokens : plan.tokens;
    const lastName = nameTokens.length - 1;
    const order = nameTokens.map((_, k) => k).sort((a, b) => nameTokens[b].length - nameTokens[a].length || b - a);
    const c = new Collector(this.mark, ++this.epoch, typos ? MAX_TYPO_CANDIDATES : MAX_CANDIDATES);
    for (const k of order) {
      const t = nameTokens[k];
      const prefix = k === lastName && plan.lastIsPrefix;
      if (typos) this.generateTypos(t, prefix, c);
      else this.generateExact(t, prefix, restrictive, c);
      if (c.out.length > 0) break;
    }
    return c.out;
  }

  /** Adds the places having the indexed word `word`. */
  private collect(word: string, c: Collector): void {
    this.words.shard(word[0])?.eachPlace(word, c);
  }

  private generateExact(t: string, prefix: boolean, restrictive: boolean, c: Collector): void {
    if (prefix && t.length <= PREFIX_TABLE_LEN && !restrictive) {
      for (const i of this.topForPrefix(t)) c.add(i);
      return;
    }
    if (prefix) this.words.shard(t[0])?.eachPlaceWithPrefix(t, c);
    else this.collect(t, c);
    // adjacent transpositions (a Levenshtein distance counts them as two edits)
    for (let p = 0; p + 1 < t.length && !c.full; p++) {
      if (t[p] === t[p + 1]) continue;
      this.collect(t.slice(0, p) + t[p + 1] + t[p] + t.slice(p + 2), c);
    }
  }

  private generateTypos(t: string, prefix: boolean, c: Collector): void {
    if (t.length < 4) return;
    const tried = new Set<string>([t]);
    const prefixWords: string[] = [];
    const consider = (v: string) => {
      if (tried.has(v)) return;
      tried.add(v);
      if (!c.full) this.collect(v, c);
      if (prefix && v.length >= 4) {
        const shard = this.words.shard(v[0]);
        if (!shard) return;
        for (const w of shard.wordsWithPrefix(v, TYPO_PREFIX_WORDS)) if (w !== v) prefixWords.push(w);
      }
    };
    const n = t.length;
    for (let p = 0; p < n; p++) {
      consider(t.slice(0, p) + t.slice(p + 1)); // deletion
      if (p + 1 < n && t[p] !== t[p + 1]) consider(t.slice(0, p) + t[p + 1] + t[p] + t.slice(p + 2)); // swap
    }
    for (let p = 0; p <= n; p++) {
      for (let l = 0; l < 26; l++) {
        const ch = LETTERS[l];
        if (p < n && ch !== t[p]) consider(t.slice(0, p) + ch + t.slice(p + 1)); // substitution
        consider(t.slice(0, p) + ch + t.slice(p)); // insertion
      }
    }
    for (const w of prefixWords) {
      if (c.full) break;
      this.collect(w, c);
    }
    if (!c.out.length && maxTypos(n) >= 2) {
      // two edits, long words only; the first letter is taken as right (20x less work)
      const shard = this.words.shard(t[0]);
      for (const w of shard ? shard.fuzzyWords(t[0], t.slice(1), 2) : []) {
        if (c.full) break;
        this.collect(w, c);
      }
    }
  }

  /**
   * The most important places having a word that starts with `p` (1-3 letters), cached. A
   * common prefix is read from the places of its first letter in importance order, stopping
   * at the table's size (collecting every place under a one-letter prefix and sorting them
   * took 10-20 ms of CPU on first use: the slowest autocomplete answers). A prefix that few of
   * the important places have is collected from the word index and sorted: it has few places.
   */
  private topForPrefix(p: string): number[] {
    let list = this.prefixTable.get(p);
    if (list) return list;
    list = [];
    const ranked = this.byImportance(p[0]);
    const scan = Math.min(ranked.length, PREFIX_SCAN_BUDGET);
    for (let k = 0; k < scan && list.length < PREFIX_TABLE_SIZE; k++)
      if (p.length === 1 || this.words.placeHasWordPrefix(ranked[k], p)) list.push(ranked[k]);
    if (list.length < PREFIX_TABLE_SIZE && scan < ranked.length) {
      const all = new Collector(this.mark, ++this.epoch, Infinity);
      this.words.shard(p[0])?.eachPlaceWithPrefix(p, all);
      const imp = this.importance;
      list = all.out.sort((a, b) => imp[b] - imp[a] || a - b).slice(0, PREFIX_TABLE_SIZE);
    }
    this.prefixTable.set(p, list);
    return list;
  }

  /** The places having a word that starts with `c`, most important first (ties: place number), cached. */
  private byImportance(c: string): Int32Array {
    let ranked = this.rankedByFirst.get(c);
    if (!ranked) {
      // (1 - importance, place) packed into one number: a native numeric sort, several times
      // faster than a comparator on ~20,000 places
      const places = this.words.placesStartingWith(c);
      const packed = new Float64Array(places.length);
      for (let k = 0; k < places.length; k++)
        packed[k] = Math.round((1 - this.importance[places[k]]) * IMPORTANCE_STEPS) * PLACE_SLOTS + places[k];
      packed.sort();
      ranked = new Int32Array(places.length);
      for (let k = 0; k < packed.length; k++) ranked[k] = packed[k] % PLACE_SLOTS;
      this.rankedByFirst.set(c, ranked);
    }
    return ranked;
  }
}
