// Text and category search over one region's POIs. Words of names and of categories (with
// cuisine and brand) sit in sorted term lists with their POIs, so a query touches only the
// postings of its words and of the terms its words begin (figures: docs/api/discover.md#speed-and-relevance).

import { foldText } from '../geocoding/format';
import { NearestPlaces } from '../geocoding/nearest';
import { greatCircleMeters } from '../geo/sphere';
import { categoryWords, matchesCategory } from './categories';
import type { PoiRecord } from './pois';

export interface PoiHit {
  i: number;
  score: number;
  meters?: number;
}

export interface SearchOptions {
  at?: { lat: number; lng: number };
  /** Hard filter (an area, a country). */
  accept?: (i: number) => boolean;
  limit: number;
}

/** Match weights: a word of the name counts more than a word of the category, whole more than begun. */
const NAME_EXACT = 1;
const NAME_PREFIX = 0.8;
const TAG_EXACT = 0.9;
const TAG_PREFIX = 0.6;
/** A query word shorter than this must match a whole word (no prefix search on "a"). */
const MIN_PREFIX = 3;
/** Terms one begun word may expand to: bounds the work of a short prefix. */
const MAX_EXPANSIONS = 64;
/** Distance at which nearness counts half (POIs are searched around the corner, not the country). */
const HALF_PROXIMITY_M = 2000;
/** The share of the score nearness has when there is a focus point. */
const PROXIMITY_SHARE = 0.3;
/** Words of a query that count; more are typing past what a POI name holds. */
const MAX_QUERY_WORDS = 8;
/** Grid cells of about 1 km. */
const CELL_DEG = 0.01;

const words = (s: string) => foldText(s).split(' ').filter(Boolean);

class Terms {
  readonly sorted: string[];
  readonly postings: Int32Array[];
  constructor(lists: Map<string, number[]>) {
    this.sorted = [...lists.keys()].sort();
    this.postings = this.sorted.map((t) => Int32Array.from(lists.get(t)!));
  }
  /** Terms equal to `word` (exact) and, when `prefix`, the terms it begins. */
  each(word: string, prefix: boolean, visit: (postings: Int32Array, exact: boolean) => void): void {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo, n = 0; k < this.sorted.length && this.sorted[k].startsWith(word) && n <= MAX_EXPANSIONS; k++, n++) {
      const exact = this.sorted[k] === word;
      if (exact || prefix) visit(this.postings[k], exact);
      if (!prefix) break;
    }
  }
}

export class PoiIndex {
  readonly size: number;
  private readonly names: Terms;
  private readonly tags: Terms;
  private readonly nameWords: Uint8Array;
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private grid: NearestPlaces | undefined;
  private scratch: Float32Array | undefined;
  private seen: Int32Array | undefined;
  private round = 0;
  /** Category number of each POI, and the distinct "key=value" categories. */
  private readonly categoryOf: Uint16Array;
  private readonly categoryList: string[] = [];

  constructor(
    readonly region: string,
    readonly records: readonly PoiRecord[],
  ) {
    this.size = records.length;
    this.lat = Float64Array.from(records, (r) => r.lat);
    this.lon = Float64Array.from(records, (r) => r.lon);
    this.nameWords = new Uint8Array(records.length);
    const numbers = new Map<string, number>();
    this.categoryOf = Uint16Array.from(records, (r) => {
      let c = numbers.get(r.category);
      if (c === undefined) numbers.set(r.category, (c = this.categoryList.push(r.category) - 1));
      return c;
    });
    const names = new Map<string, number[]>();
    const tags = new Map<string, number[]>();
    const add = (map: Map<string, number[]>, word: string, i: number) => {
      const list = map.get(word);
      if (!list) map.set(word, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    };
    records.forEach((r, i) => {
      const own = words(r.name);
      this.nameWords[i] = Math.min(255, own.length);
      for (const w of own) add(names, w, i);
      for (const w of words(`${categoryWords(r.category)} ${r.words}`)) add(tags, w, i);
    });
    this.names = new Terms(names);
    this.tags = new Terms(tags);
  }

  private meters(i: number, at: { lat: number; lng: number }): number {
    return greatCircleMeters(at.lat, at.lng, this.lat[i], this.lon[i]);
  }

  /**
   * POIs matching free text, best first. Each query word scores its best match in the POI (a
   * name word over a category word, whole over begun); the text score is the mean over the
   * query's words, nudged by how much of the name the query covers; at least half the words
   * must match. With a focus point nearness takes PROXIMITY_SHARE of the score.
   */
  search(query: string, options: SearchOptions): PoiHit[] {
    const q = words(query).slice(0, MAX_QUERY_WORDS);
    const n = q.length;
    if (!n) return [];
    // per touched POI: the best name match of each query word, then the best category match of
    // each, in scratch arrays reused across queries (a Map of rows cost more than the search)
    const stride = 2 * MAX_QUERY_WORDS;
    this.scratch ??= new Float32Array(this.size * stride);
    this.seen ??= new Int32Array(this.size);
    const rows = this.scratch;
    const seen = this.seen;
    const round = ++this.round;
    const touched: number[] = [];
    q.forEach((word, k) => {
      const prefix = word.length >= MIN_PREFIX || k === n - 1;
      const mark = (slot: number, whole: number, begun: number) => (postings: Int32Array, exact: boolean) => {
        const w = exact ? whole : begun;
        for (const i of postings) {
          const base = i * stride;
          if (seen[i] !== round) {
            seen[i] = round;
            rows.fill(0, base, base + stride);
            touched.push(i);
          }
          if (w > rows[base + slot]) rows[base + slot] = w;
        }
      };
      this.names.each(word, prefix, mark(k, NAME_EXACT, NAME_PREFIX));
      this.tags.each(word, prefix, mark(MAX_QUERY_WORDS + k, TAG_EXACT, TAG_PREFIX));
    });
    const top = new TopK(options.limit);
    for (const i of touched) {
      const base = i * stride;
      let sum = 0;
      let matched = 0;
      let inName = 0;
      for (let k = 0; k < n; k++) {
        const w = Math.max(rows[base + k], rows[base + MAX_QUERY_WORDS + k]);
        if (w > 0) {
          sum += w;
          matched++;
        }
        if (rows[base + k] > 0) inName++;
      }
      if (matched * 2 < n) continue;
      const cover = Math.min(1, inName / Math.max(1, this.nameWords[i]));
      const text = (sum / n) * 0.85 + cover * 0.15;
      const meters = options.at ? this.meters(i, options.at) : undefined;
      const near = meters === undefined ? undefined : 1 / (1 + meters / HALF_PROXIMITY_M);
      const score = near === undefined ? text : text * (1 - PROXIMITY_SHARE) + near * PROXIMITY_SHARE;
      if (!top.beats(score) || (options.accept && !options.accept(i))) continue;
      top.add({ i, score, meters });
    }
    return top.list();
  }

  /** POIs of any of the categories (all POIs without), nearest `at` first, within `maxMeters`. */
  browse(at: { lat: number; lng: number }, categories: readonly string[], maxMeters: number, options: SearchOptions): PoiHit[] {
    this.grid ??= new NearestPlaces({ size: this.size, lat: this.lat, lon: this.lon }, CELL_DEG);
    const wanted = Uint8Array.from(this.categoryList, (c) => (!categories.length || categories.some((w) => matchesCategory(c, w)) ? 1 : 0));
    const accept = (i: number) => wanted[this.categoryOf[i]] === 1 && (!options.accept || options.accept(i));
    return this.grid
      .nearest(at.lat, at.lng, options.limit, accept, maxMeters)
      .map((h) => ({ i: h.i, meters: h.meters, score: 1 / (1 + h.meters / HALF_PROXIMITY_M) }));
  }
}

/** The best `k` hits seen, best first, ties to the nearer (a sorted list: k is at most 100). */
class TopK {
  private readonly hits: PoiHit[] = [];
  constructor(private readonly k: number) {}
  private better(a: PoiHit, b: PoiHit): boolean {
    return a.score > b.score || (a.score === b.score && (a.meters ?? 0) < (b.meters ?? 0));
  }
  beats(score: number): boolean {
    return this.hits.length < this.k || score >= this.hits[this.hits.length - 1].score;
  }
  add(hit: PoiHit): void {
    let at = this.hits.length;
    while (at > 0 && this.better(hit, this.hits[at - 1])) at--;
    if (at >= this.k) return;
    this.hits.splice(at, 0, hit);
    if (this.hits.length > this.k) this.hits.pop();
  }
  list(): PoiHit[] {
    return this.hits;
  }
}
