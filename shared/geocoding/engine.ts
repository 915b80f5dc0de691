// Default-dataset search index: MiniSearch (exact + prefix + typo-tolerant) generates
// candidates, rank.ts scores them. One per process (see getDefaultIndex in search.ts).

import MiniSearch from 'minisearch';
import { foldText } from './format';
import { haversineMeters } from './geo';
import { loadGazetteer, placeImportance, type Gazetteer } from './gazetteer';
import { maxTypos } from './text';
import { combineScore, makePlan, proximity, textScore, WEIGHTS, type QueryPlan, type RankDoc } from './rank';
import type { Entity, PlaceItem, SearchRequest } from './types';

/** Prefix table: for every 1-3 letter prefix of an indexed word, the most important places. */
const PREFIX_TABLE_LEN = 3;
const PREFIX_TABLE_SIZE = 48;
const SPLIT_KEYS = /[ |]/;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Upper bound of places collected for one query before pre-scoring. */
const MAX_CANDIDATES = 20_000;
/** Smaller bound for the typo pass, whose one-edit variants often hit very common words. */
const MAX_TYPO_CANDIDATES = 3_000;
/** Run the typo pass when the best text similarity of pass 1 is below this. */
const TYPO_PASS_BELOW = 0.8;
/** How many candidates get the full (more expensive) text ranking. */
const RERANK = 80;

export interface IndexStats {
  places: number;
  /** Distinct indexed words in the shards built so far. */
  terms: number;
  shardsBuilt: number;
  shardsTotal: number;
  /** Reading + parsing the artefact. */
  loadMs: number;
  /** Constructor: importance, shard lists, country tables (no MiniSearch work). */
  indexMs: number;
  /** Total time spent building MiniSearch shards so far. */
  shardBuildMs: number;
}

/** One MiniSearch index over the words starting with one character (built on first use). */
interface Shard {
  ms: MiniSearch<number>;
  /** MiniSearch short id -> place number (documents are added in this order). */
  docs: number[];
  index: MiniSearchInternals['_index'];
}

export interface Candidate {
  key: string;
  score: number;
  text: number;
  population: number;
  lat: number;
  lng: number;
  /** Folded variants, for the custom-override rule. */
  variants: readonly string[];
  entity: () => Entity;
}

/** Internal filter set derived from a SearchRequest. */
export interface Filters {
  countries?: Set<string>;
  state?: string;
  city?: string;
  at?: { lat: number; lng: number };
  radius?: number;
}

export function makeFilters(req: SearchRequest): Filters {
  return {
    countries: req.country && req.country.length ? new Set(req.country) : undefined,
    state: req.state ? foldText(req.state) : undefined,
    city: req.city ? foldText(req.city) : undefined,
    at: req.at,
    radius: req.radius,
  };
}

/** MiniSearch internals used for prefix scans (pinned minisearch 7.2.0). */
interface MiniSearchInternals {
  _index: {
    has(key: string): boolean;
    get(key: string): Map<number, Map<number, number>> | undefined;
    atPrefix(prefix: string): {
      keys(): IterableIterator<string>;
      has(key: string): boolean;
      fuzzyGet(key: string, maxEditDistance: number): Map<string, unknown>;
      entries(): IterableIterator<[string, Map<number, Map<number, number>>]>;
    };
  };
  _documentIds: Map<number, unknown>;
}

export class DefaultIndex {
  readonly g: Gazetteer;
  private readonly importance: Float32Array;
  /** Places having a word that starts with the key character. */
  private readonly shardDocs = new Map<string, number[]>();
  private readonly shards = new Map<string, Shard>();
  private readonly loadMs: number;
  private readonly indexMs: number;
  private shardBuildMs = 0;
  /** Lazily filled: for a 1-3 letter prefix, the most important places having a word with it. */
  private readonly prefixTable = new Map<string, number[]>();
  /** folded country alias / code -> country indexes */
  readonly countryByAlias = new Map<string, number[]>();
  /** alpha-3 -> country index */
  readonly countryByAlpha3 = new Map<string, number>();
  private readonly countryWords: Set<string>[];
  private readonly admin1Names = new Set<string>();
  private readonly adminWordsCache: (string[] | undefined)[];
  /** Per-query "already collected" marks (epoch-stamped, no clearing). */
  private readonly mark: Uint32Array;
  private epoch = 0;

  constructor(g: Gazetteer, loadMs = 0) {
    const t0 = performance.now();
    this.g = g;
    const n = g.size;
    this.importance = new Float32Array(n);
    this.adminWordsCache = new Array(n);
    for (let i = 0; i < n; i++) this.importance[i] = placeImportance(g.population[i], g.fcode[i]);
    // shard lists: a place goes to the shard of each first character of its words
    const keys = g.keys;
    for (let i = 0; i < n; i++) {
      const k = keys[i];
      let firsts = '';
      for (let p = 0; p < k.length; p++) {
        if (p === 0 || k[p - 1] === ' ' || k[p - 1] === '|') {
          const c = k[p];
          if (c === ' ' || c === '|' || firsts.includes(c)) continue;
          firsts += c;
          let list = this.shardDocs.get(c);
          if (!list) this.shardDocs.set(c, (list = []));
          list.push(i);
        }
      }
    }
    this.mark = new Uint32Array(n);

    // countries and admin names for query context
    this.countryWords = g.countries.map((c, ci) => {
      const ws = new Set<string>([c.alpha2.toLowerCase(), c.alpha3.toLowerCase()]);
      this.countryByAlpha3.set(c.alpha3, ci);
      for (const alias of [c.name, ...c.aliases, c.alpha2, c.alpha3]) {
        const f = foldText(alias);
        if (!f) continue;
        const list = this.countryByAlias.get(f) ?? [];
        if (!list.includes(ci)) list.push(ci);
        this.countryByAlias.set(f, list);
        for (const w of f.split(' ')) ws.add(w);
      }
      return ws;
    });
    for (const a of new Set<string>(g.admin1)) if (a) this.admin1Names.add(foldText(a));
    this.loadMs = loadMs;
    this.indexMs = performance.now() - t0;
  }

  get stats(): IndexStats {
    let terms = 0;
    for (const sh of this.shards.values()) terms += sh.ms.termCount;
    return {
      places: this.g.size,
      terms,
      shardsBuilt: this.shards.size,
      shardsTotal: this.shardDocs.size,
      loadMs: this.loadMs,
      indexMs: this.indexMs,
      shardBuildMs: this.shardBuildMs,
    };
  }

  /**
   * The MiniSearch shard of words starting with `c`, built on first use (a few to ~150 ms).
   * Sharding by first character lets the first search after a cold start build only what it
   * needs; buildAllShards() builds the rest (e.g. at start-up, when latency matters more).
   */
  private shard(c: string): Shard | undefined {
    const existing = this.shards.get(c);
    if (existing) return existing;
    const docs = this.shardDocs.get(c);
    if (!docs) return undefined;
    const t0 = performance.now();
    const keys = this.g.keys;
    const ms = new MiniSearch<number>({
      fields: ['t'],
      idField: 'id',
      extractField: (i: number, field: string) => (field === 'id' ? i : keys[i]),
      tokenize: (text) => text.split(SPLIT_KEYS).filter((w) => w[0] === c),
      processTerm: (term) => term || null,
    });
    for (const i of docs) ms.add(i);
    const internals = ms as unknown as MiniSearchInternals;
    // postings are read by short id = insertion position
    if (internals._documentIds.get(docs.length - 1) !== docs[docs.length - 1]) {
      throw new Error('geocoding: unexpected MiniSearch internals (short ids); minisearch must stay at 7.2.0');
    }
    const shard: Shard = { ms, docs, index: internals._index };
    this.shards.set(c, shard);
    this.shardBuildMs += performance.now() - t0;
    return shard;
  }

  /** Builds every shard now (the full index); later searches never pay for a build. */
  buildAllShards(): void {
    for (const c of this.shardDocs.keys()) this.shard(c);
  }

  /**
   * Measures the alternative start-up path (MiniSearch.toJSON at build time, loadJSON at run
   * time) on this index, for the benchmark. Not used by search.
   */
  measureSerializedIndex(): { bytes: number; toJSONMs: number; loadJSONMs: number } {
    this.buildAllShards();
    let bytes = 0;
    let toJSONMs = 0;
    let loadJSONMs = 0;
    const keys = this.g.keys;
    for (const [c, sh] of this.shards) {
      const t0 = performance.now();
      const json = JSON.stringify(sh.ms);
      const t1 = performance.now();
      MiniSearch.loadJSON<number>(json, {
        fields: ['t'],
        idField: 'id',
        extractField: (i: number, field: string) => (field === 'id' ? i : keys[i]),
        tokenize: (text) => text.split(SPLIT_KEYS).filter((w) => w[0] === c),
        processTerm: (term) => term || null,
      });
      bytes += json.length;
      toJSONMs += t1 - t0;
      loadJSONMs += performance.now() - t1;
    }
    return { bytes, toJSONMs, loadJSONMs };
  }

  static load(path?: string): DefaultIndex {
    const t0 = performance.now();
    const g = loadGazetteer(path);
    return new DefaultIndex(g, performance.now() - t0);
  }

  /** A trailing query phrase that names a country or a state (used to find the name part). */
  isContextPhrase = (phrase: string): boolean => {
    if (this.countryByAlias.has(phrase) || this.admin1Names.has(phrase)) return true;
    return false;
  };

  plan(query: string): QueryPlan {
    return makePlan(query, this.isContextPhrase);
  }

  /** alpha-3 code of a country name/alias/code, if known. */
  resolveCountry(value: string): string | undefined {
    const up = value.trim().toUpperCase();
    if (this.countryByAlpha3.has(up)) return up;
    const list = this.countryByAlias.get(foldText(value));
    return list && list.length ? this.g.countries[list[0]].alpha3 : undefined;
  }

  countryWordsOf(alpha3: string): Set<string> | undefined {
    const ci = this.countryByAlpha3.get(alpha3);
    return ci === undefined ? undefined : this.countryWords[ci];
  }

  private adminWords(i: number): string[] {
    let w = this.adminWordsCache[i];
    if (!w) {
      const g = this.g;
      const out: string[] = [];
      if (g.admin1[i]) out.push(...foldText(g.admin1[i]).split(' '));
      if (g.admin2[i]) out.push(...foldText(g.admin2[i]).split(' '));
      const cc = g.countries[g.country[i]].alpha2;
      if (cc === 'US' && g.admin1Code[i]) out.push(g.admin1Code[i].toLowerCase());
      w = this.adminWordsCache[i] = out;
    }
    return w;
  }

  private rankDoc(i: number): RankDoc {
    const cw = this.countryWords[this.g.country[i]];
    const aw = this.adminWords(i);
    return {
      variants: this.g.keys[i].split('|'),
      altFrom: 1,
      hasContext: (w) => cw.has(w) || aw.includes(w),
      hasContextPrefix: (p) => {
        for (const w of aw) if (w.startsWith(p)) return true;
        for (const w of cw) if (w.startsWith(p)) return true;
        return false;
      },
    };
  }

  private passesFilters(i: number, f: Filters): boolean {
    const g = this.g;
    if (f.countries && !f.countries.has(g.countries[g.country[i]].alpha3)) return false;
    if (f.at && f.radius !== undefined) {
      if (haversineMeters(f.at.lat, f.at.lng, g.lat[i], g.lon[i]) > f.radius) return false;
    }
    if (f.state) {
      const s = f.state;
      const a1 = foldText(g.admin1[i]);
      const code = g.admin1Code[i].toLowerCase();
      if (!(a1 === s || code === s || (s.length >= 4 && a1.startsWith(s)))) return false;
    }
    if (f.city) {
      if (!hasKey(this.g.keys[i], f.city)) return false;
    }
    return true;
  }

  /** Candidate documents for the plan (MiniSearch + prefix table + typo'd-prefix term scan). */
  /**
   * Candidate places, read straight from MiniSearch's radix-tree index (its exact, prefix and
   * fuzzy lookups) without its BM25 scoring, which the ranker replaces. Pass 1 (`typos`
   * false): exact word, prefix of the last word, adjacent transpositions, or the cached table
   * for a 1-3 letter last word. Pass 2 (`typos` true): words one edit away and, for the last
   * word, prefixes one edit away; MiniSearch fuzzy lookup with two edits for long words when
   * that finds nothing. Starts with the longest name token, falling back to the next one while
   * nothing is found. At most MAX_CANDIDATES places are collected.
   */
  private generate(plan: QueryPlan, restrictive: boolean, typos: boolean): number[] {
    const nameTokens = plan.nameTokens.length ? plan.nameTokens : plan.tokens;
    const lastName = nameTokens.length - 1;
    const order = nameTokens.map((_, k) => k).sort((a, b) => nameTokens[b].length - nameTokens[a].length || b - a);
    const out: number[] = [];
    this.epoch++;
    for (const k of order) {
      const t = nameTokens[k];
      const prefix = k === lastName && plan.lastIsPrefix;
      if (typos) this.generateTypos(t, prefix, out);
      else this.generateExact(t, prefix, restrictive, out);
      if (out.length > 0) break;
    }
    return out;
  }

  /** Adds the places whose text has the indexed word `term`. */
  private collect(term: string, out: number[], max = MAX_CANDIDATES): void {
    const shard = this.shard(term[0]);
    const fields = shard?.index.get(term);
    if (!shard || !fields) return;
    const ids = shard.docs;
    const mark = this.mark;
    const epoch = this.epoch;
    for (const docs of fields.values()) {
      for (const shortId of docs.keys()) {
        const id = ids[shortId];
        if (mark[id] !== epoch) {
          mark[id] = epoch;
          out.push(id);
          if (out.length >= max) return;
        }
      }
    }
  }

  /** Adds the places having a word that starts with `prefix` (bounded by MAX_CANDIDATES). */
  private collectPrefix(prefix: string, out: number[], max = MAX_CANDIDATES): void {
    const shard = this.shard(prefix[0]);
    if (!shard) return;
    const ids = shard.docs;
    const mark = this.mark;
    const epoch = this.epoch;
    for (const [, fields] of shard.index.atPrefix(prefix).entries()) {
      for (const docs of fields.values()) {
        for (const shortId of docs.keys()) {
          const id = ids[shortId];
          if (mark[id] !== epoch) {
            mark[id] = epoch;
            out.push(id);
          }
        }
      }
      if (out.length >= max) return;
    }
  }

  private generateExact(t: string, prefix: boolean, restrictive: boolean, out: number[]): void {
    // the prefix table holds the globally most important places; with a filter they may all fail it
    if (prefix && t.length <= PREFIX_TABLE_LEN && !restrictive) {
      const mark = this.mark;
      for (const i of this.topForPrefix(t)) {
        if (mark[i] !== this.epoch) {
          mark[i] = this.epoch;
          out.push(i);
        }
      }
      return;
    }
    if (prefix) this.collectPrefix(t, out);
    else this.collect(t, out);
    // adjacent transpositions (MiniSearch's Levenshtein would count them as two edits)
    for (let p = 0; p + 1 < t.length && out.length < MAX_CANDIDATES; p++) {
      if (t[p] === t[p + 1]) continue;
      this.collect(t.slice(0, p) + t[p + 1] + t[p] + t.slice(p + 2), out);
    }
  }

  private generateTypos(t: string, prefix: boolean, out: number[]): void {
    if (t.length < 4) return;
    const tried = new Set<string>([t]);
    const prefixWords: string[] = [];
    const consider = (v: string) => {
      if (tried.has(v)) return;
      tried.add(v);
      if (out.length < MAX_TYPO_CANDIDATES) this.collect(v, out, MAX_TYPO_CANDIDATES);
      if (prefix && v.length >= 4) {
        let n = 0;
        const shard = this.shard(v[0]);
        if (!shard) return;
        for (const w of shard.index.atPrefix(v).keys()) {
          if (w !== v) prefixWords.push(w);
          if (++n >= 24) break;
        }
      }
    };
    const n = t.length;
    for (let p = 0; p < n; p++) {
      consider(t.slice(0, p) + t.slice(p + 1)); // deletion
      if (p + 1 < n && t[p] !== t[p + 1]) consider(t.slice(0, p) + t[p + 1] + t[p] + t.slice(p + 2)); // swap
    }
    for (let p = 0; p <= n; p++) {
      for (let c = 0; c < 26; c++) {
        const ch = LETTERS[c];
        if (p < n && ch !== t[p]) consider(t.slice(0, p) + ch + t.slice(p + 1)); // substitution
        consider(t.slice(0, p) + ch + t.slice(p)); // insertion
      }
    }
    for (const w of prefixWords) {
      if (out.length >= MAX_TYPO_CANDIDATES) break;
      this.collect(w, out, MAX_TYPO_CANDIDATES);
    }
    if (!out.length && maxTypos(n) >= 2) {
      // two edits, long words only; the first letter is taken as right (20x less work)
      const shard = this.shard(t[0]);
      for (const [suffix] of shard ? shard.index.atPrefix(t[0]).fuzzyGet(t.slice(1), 2) : []) {
        if (out.length >= MAX_TYPO_CANDIDATES) break;
        this.collect(t[0] + suffix, out, MAX_TYPO_CANDIDATES);
      }
    }
  }

  /** The most important places having a word that starts with `p` (1-3 letters), cached. */
  private topForPrefix(p: string): number[] {
    let list = this.prefixTable.get(p);
    if (list) return list;
    const seen: number[] = [];
    this.epoch++;
    this.collectPrefix(p, seen, Infinity);
    this.epoch++;
    const imp = this.importance;
    list = seen.sort((a, b) => imp[b] - imp[a]).slice(0, PREFIX_TABLE_SIZE);
    this.prefixTable.set(p, list);
    return list;
  }

  /** Ranked candidates of the default dataset (not sorted). */
  candidates(plan: QueryPlan, filters: Filters): Candidate[] {
    const restrictive = !!(filters.countries || filters.state || filters.city || filters.radius !== undefined);
    const first = this.generate(plan, restrictive, false);
    const out = this.rank(first, plan, filters);
    // typo pass only when nothing matched well (every token exact or a good prefix)
    let best = 0;
    for (const c of out) if (c.text > best) best = c.text;
    if (best < TYPO_PASS_BELOW) {
      const seen = new Set(first);
      const more = this.generate(plan, restrictive, true).filter((i) => !seen.has(i));
      if (more.length) out.push(...this.rank(more, plan, filters));
    }
    return out;
  }

  private rank(ids: number[], plan: QueryPlan, filters: Filters): Candidate[] {
    if (!ids.length) return [];
    const g = this.g;
    const at = filters.at;
    // cheap pre-score: words present + importance + proximity; keep the best RERANK
    const pre: { i: number; s: number }[] = [];
    const toks = plan.tokens;
    for (const i of ids) {
      if (!this.passesFilters(i, filters)) continue;
      let s = this.importance[i];
      if (toks.length > 1) {
        const k = g.keys[i];
        for (const t of toks) if (hasWordPrefix(k, t)) s += 1;
      }
      if (at) s += proximity(haversineMeters(at.lat, at.lng, g.lat[i], g.lon[i])) * 1.2;
      pre.push({ i, s });
    }
    if (pre.length > RERANK) {
      pre.sort((a, b) => b.s - a.s);
      pre.length = RERANK;
    }
    const out: Candidate[] = [];
    for (const { i } of pre) {
      const doc = this.rankDoc(i);
      const text = textScore(plan, doc);
      if (text < WEIGHTS.minText) continue;
      const prox = at ? proximity(haversineMeters(at.lat, at.lng, g.lat[i], g.lon[i])) : undefined;
      const score = combineScore(text, this.importance[i], prox);
      out.push({
        key: 'gn:' + g.geonameId[i],
        score,
        text,
        population: g.population[i],
        lat: g.lat[i],
        lng: g.lon[i],
        variants: doc.variants,
        entity: () => this.entity(i, score),
      });
    }
    return out;
  }

  /** Wire entity of place i (api-shapes §4). docId "gn:<geonameid>". */
  entity(i: number, score: number): Entity {
    return {
      docId: 'gn:' + this.g.geonameId[i],
      place: [this.placeItem(i)],
      dataSource: { source: 'default', refId: this.g.geonameId[i], status: 'enable' },
      score: Math.round(score * 10000) / 10000,
    };
  }

  placeItem(i: number): PlaceItem {
    const g = this.g;
    const c = g.countries[g.country[i]];
    const item: PlaceItem = { geopoint: { lat: g.lat[i], lng: g.lon[i] }, country: c.alpha3 };
    if (g.admin1[i]) item.state = g.admin1[i];
    item.city = g.name[i];
    if (g.admin2[i] && g.admin2[i] !== g.name[i]) item.district = g.admin2[i];
    item.poi = { title: g.name[i] };
    item.address = [g.name[i], g.admin1[i] && g.admin1[i] !== g.name[i] ? g.admin1[i] : '', c.name].filter(Boolean).join(', ');
    return item;
  }

  /** Index of a default place by docId ("gn:123") or geonameid, if present. */
  indexOfDocId(docId: string): number {
    const id = docId.startsWith('gn:') ? docId.slice(3) : docId;
    return this.g.geonameId.indexOf(id);
  }
}

/** Whether one of the "|"-separated keys equals `key`. */
function hasKey(keys: string, key: string): boolean {
  let at = keys.indexOf(key);
  while (at >= 0) {
    const end = at + key.length;
    if ((at === 0 || keys[at - 1] === '|') && (end === keys.length || keys[end] === '|')) return true;
    at = keys.indexOf(key, at + 1);
  }
  return false;
}

/** Whether a word of the keys starts with `prefix`. */
function hasWordPrefix(keys: string, prefix: string): boolean {
  let at = keys.indexOf(prefix);
  while (at >= 0) {
    if (at === 0 || keys[at - 1] === ' ' || keys[at - 1] === '|') return true;
    at = keys.indexOf(prefix, at + 1);
  }
  return false;
}
