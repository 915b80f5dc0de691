// Default-dataset search index: the word index (word-index.ts) yields candidates
// (generate.ts), which results.ts ranks. One per process (see getDefaultIndex in search.ts).

import { CandidateGenerator } from './generate';
import { isRestrictive, type Filters } from './filters';
import { loadGazetteer, placeImportance, type Gazetteer } from './gazetteer';
import { PlaceContext } from './place-context';
import { makePlan, type QueryPlan } from './rank';
import { rankPlaces, type Candidate, type RankInput } from './results';
import { WordIndex } from './word-index';

/** Run the typo pass when the best text similarity of pass 1 is below this. */
const TYPO_PASS_BELOW = 0.8;

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

/** Work done by the searches of this index so far (cumulative; a benchmark takes differences). */
export interface SearchWork {
  /** Places collected by candidate generation (both passes). */
  generated: number;
  /** Candidates given the full text ranking. */
  ranked: number;
  /** Searches that ran the typo pass. */
  typoPasses: number;
}

export class DefaultIndex {
  readonly work: SearchWork = { generated: 0, ranked: 0, typoPasses: 0 };
  readonly g: Gazetteer;
  private readonly words: WordIndex;
  private readonly context: PlaceContext;
  private readonly generator: CandidateGenerator;
  private readonly ranking: RankInput;
  private readonly loadMs: number;
  private readonly indexMs: number;

  constructor(g: Gazetteer, loadMs = 0) {
    const t0 = performance.now();
    this.g = g;
    const importance = new Float32Array(g.size);
    for (let i = 0; i < g.size; i++) importance[i] = placeImportance(g.population[i], g.fcode[i]);
    this.words = new WordIndex(g.keys);
    this.context = new PlaceContext(g);
    this.generator = new CandidateGenerator(this.words, importance);
    this.ranking = { g, importance, context: this.context };
    this.loadMs = loadMs;
    this.indexMs = performance.now() - t0;
  }

  static load(path?: string): DefaultIndex {
    const t0 = performance.now();
    const g = loadGazetteer(path);
    return new DefaultIndex(g, performance.now() - t0);
  }

  get stats(): IndexStats {
    return { places: this.g.size, ...this.words.stats, loadMs: this.loadMs, indexMs: this.indexMs };
  }

  /** Builds every shard now (the full index); later searches never pay for a build. */
  buildAllShards(): void {
    this.words.buildAll();
  }

  /** alpha-3 -> country index */
  get countryByAlpha3(): ReadonlyMap<string, number> {
    return this.context.countryByAlpha3;
  }

  plan(query: string): QueryPlan {
    return makePlan(query, this.context.isContextPhrase);
  }

  /** alpha-3 code of a country name/alias/code, if known. */
  resolveCountry(value: string): string | undefined {
    return this.context.resolveCountry(value);
  }

  countryWordsOf(alpha3: string): Set<string> | undefined {
    return this.context.countryWordsOf(alpha3);
  }

  /**
   * Ranked candidates of the default dataset (not sorted). The typo pass runs only when
   * nothing matched well: no candidate of pass 1, and nothing the caller found elsewhere
   * (`matchedElsewhere`, e.g. a street), reaches TYPO_PASS_BELOW text similarity.
   */
  candidates(plan: QueryPlan, filters: Filters, matchedElsewhere = 0): Candidate[] {
    const restrictive = isRestrictive(filters);
    const first = this.generator.generate(plan, restrictive, false);
    const out = rankPlaces(first, plan, filters, this.ranking, this.work);
    this.work.generated += first.length;
    let best = matchedElsewhere;
    for (const c of out) if (c.text > best) best = c.text;
    if (best < TYPO_PASS_BELOW) {
      const seen = new Set(first);
      const more = this.generator.generate(plan, restrictive, true).filter((i) => !seen.has(i));
      this.work.typoPasses++;
      this.work.generated += more.length;
      if (more.length) out.push(...rankPlaces(more, plan, filters, this.ranking, this.work));
    }
    return out;
  }
}
