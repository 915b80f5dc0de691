// The ranker: one score per candidate from text similarity, importance and distance to `at`.
// Documented in shared/geocoding/README.md#search-pipeline. Pure functions; candidates come from MiniSearch.

import { foldText } from './format';
import { TokenMatcher } from './text';

/** Weights of the final score (see shared/geocoding/README.md#search-pipeline). */
export const WEIGHTS = {
  /** without a focus point */
  text: 0.7,
  importance: 0.3,
  /** with a focus point */
  textAt: 0.55,
  importanceAt: 0.2,
  proximityAt: 0.25,
  /** distance (km) at which proximity is 0.5 */
  proximityHalfKm: 50,
  /** context tokens (country, state, county) matched outside the name */
  contextExact: 0.9,
  contextPrefix: 0.7,
  /** alternate names count a little less than the main name */
  alternate: 0.95,
  /** per name word the query did not cover (max 5) */
  uncoveredWord: 0.06,
  /** candidates with a lower text similarity are dropped */
  minText: 0.35,
  /** custom places: neutral importance plus up to `customBoost` from their own score */
  customImportance: 0.5,
  customBoost: 0.3,
} as const;

export interface QueryPlan {
  /** Folded query, commas removed. */
  fold: string;
  tokens: string[];
  /** Tokens left after removing a trailing country / state phrase (for candidate generation). */
  nameTokens: string[];
  /** The last token may be unfinished (prefix matching); false when the query ends with a space. */
  lastIsPrefix: boolean;
  matcher: TokenMatcher;
}

/** What the ranker needs from one candidate. */
export interface RankDoc {
  /** Folded names; [0] is the main name, indexes >= altFrom are alternates. */
  variants: readonly string[];
  altFrom: number;
  /** Context words (country names and codes, state, county, city for custom places). */
  hasContext(word: string): boolean;
  hasContextPrefix(prefix: string): boolean;
}

export function makePlan(query: string, isContextPhrase: (phrase: string) => boolean): QueryPlan {
  const parts = query.split(',');
  const fold = foldText(query);
  const tokens = fold ? fold.split(' ') : [];
  let nameTokens = tokens;
  if (parts.length > 1) {
    const first = foldText(parts[0]);
    if (first) nameTokens = first.split(' ');
  } else {
    // strip up to two trailing context phrases ("paris texas usa"), keeping at least one token
    for (let round = 0; round < 2 && nameTokens.length > 1; round++) {
      let stripped = false;
      for (let k = Math.min(3, nameTokens.length - 1); k >= 1; k--) {
        const phrase = nameTokens.slice(nameTokens.length - k).join(' ');
        if (isContextPhrase(phrase)) {
          nameTokens = nameTokens.slice(0, nameTokens.length - k);
          stripped = true;
          break;
        }
      }
      if (!stripped) break;
    }
  }
  const lastIsPrefix = !/[\s,]$/.test(query);
  return { fold, tokens, nameTokens, lastIsPrefix, matcher: new TokenMatcher(tokens, lastIsPrefix) };
}

const wordCache = new Map<string, string[]>();
function words(s: string): string[] {
  let w = wordCache.get(s);
  if (!w) {
    w = s.split(' ');
    if (wordCache.size > 50_000) wordCache.clear();
    wordCache.set(s, w);
  }
  return w;
}

/** Text similarity in [0, 1]: best over the candidate's names of token coverage x exactness. */
export function textScore(plan: QueryPlan, doc: RankDoc): number {
  const n = plan.tokens.length;
  if (n === 0) return 0;
  const last = n - 1;
  let best = 0;
  // context score per token does not depend on the variant
  const ctx = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t = plan.tokens[i];
    ctx[i] = doc.hasContext(t)
      ? WEIGHTS.contextExact
      : i === last && plan.lastIsPrefix && t.length >= 4 && doc.hasContextPrefix(t)
        ? WEIGHTS.contextPrefix
        : 0;
  }
  for (let v = 0; v < doc.variants.length; v++) {
    const weight = v >= doc.altFrom ? WEIGHTS.alternate : 1;
    if (weight <= best) break;
    const variant = doc.variants[v];
    if (variant === plan.fold) {
      best = weight;
      break;
    }
    const ws = words(variant);
    const used = new Uint8Array(ws.length);
    let total = 0;
    let nameMatched = 0;
    let usedCount = 0;
    for (let i = 0; i < n; i++) {
      let s = 0;
      let at = -1;
      for (let j = 0; j < ws.length; j++) {
        if (used[j]) continue;
        const m = plan.matcher.score(i, ws[j]);
        if (m > s) {
          s = m;
          at = j;
          if (m === 1) break;
        }
      }
      if (ctx[i] > s) {
        total += ctx[i];
      } else if (at >= 0) {
        used[at] = 1;
        usedCount++;
        nameMatched++;
        total += s;
      }
    }
    if (nameMatched === 0) continue;
    const uncovered = Math.min(5, ws.length - usedCount);
    const score = (total / n) * (1 - WEIGHTS.uncoveredWord * uncovered) * weight;
    if (score > best) best = score;
  }
  return best;
}

export function proximity(distanceMeters: number): number {
  return 1 / (1 + distanceMeters / 1000 / WEIGHTS.proximityHalfKm);
}

/** Final score of a candidate. `proximityValue` is undefined without a focus point. */
export function combineScore(text: number, importance: number, proximityValue: number | undefined): number {
  if (proximityValue === undefined) return WEIGHTS.text * text + WEIGHTS.importance * importance;
  return WEIGHTS.textAt * text + WEIGHTS.importanceAt * importance + WEIGHTS.proximityAt * proximityValue;
}

/** Boost of a custom place from its own `score` (clamped to [0, 1]). */
export function customBoost(score: number | undefined): number {
  if (score === undefined || !Number.isFinite(score) || score <= 0) return 0;
  return WEIGHTS.customBoost * Math.min(1, score);
}
