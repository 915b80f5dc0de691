// Search pipeline: default dataset + custom overlays -> override rule -> one ranking.

import { DefaultIndex } from './engine';
import { makeFilters } from './filters';
import type { Candidate } from './results';
import { haversineMeters } from './geo';
import { foldText } from './format';
import { similarity } from './text';
import type { CustomPlaceIndex } from './custom';
import type { SearchRequest, SearchResponse } from './types';
import { parseBatch, parseSearchBody } from './validate';

/** A custom place suppresses a default place with a similar name within this distance. */
export const OVERRIDE_RADIUS_METERS = 2000;
/** Name similarity (folded, 1 - normalised edit distance) needed for that. */
export const OVERRIDE_NAME_SIMILARITY = 0.85;
/** Bonus per matching soft attribute (street, district, subDistrict). */
const SOFT_MATCH_BONUS = 0.05;

let singleton: DefaultIndex | undefined;

/** The default-dataset index of this process, built on first use (lazy singleton). */
export function getDefaultIndex(): DefaultIndex {
  if (!singleton) singleton = DefaultIndex.load();
  return singleton;
}

/** Whether the singleton is already built (for start-up logging). */
export function isDefaultIndexLoaded(): boolean {
  return singleton !== undefined;
}

export interface GeocodeSearchOptions {
  /** The caller's custom places (one or more overlays, e.g. per namespace). */
  custom?: CustomPlaceIndex | readonly CustomPlaceIndex[];
  /** Defaults to getDefaultIndex(). */
  index?: DefaultIndex;
  /**
   * The best text similarity the caller's other sources (streets, addresses) reached for this
   * query: a good match there spares the default dataset its typo pass.
   */
  matchedElsewhere?: number;
}

function overrides(c: Candidate & { refId?: string }, d: Candidate): boolean {
  if (c.refId && (c.refId === d.key || 'gn:' + c.refId === d.key)) return true;
  if (haversineMeters(c.lat, c.lng, d.lat, d.lng) > OVERRIDE_RADIUS_METERS) return false;
  const title = c.variants[0];
  if (!title) return false;
  for (const v of d.variants) if (similarity(title, v) >= OVERRIDE_NAME_SIMILARITY) return true;
  return false;
}

/** Runs a validated search. Never throws for "no match": returns { entities: [] }. */
export function search(req: SearchRequest, options: GeocodeSearchOptions = {}): SearchResponse {
  const index = options.index ?? getDefaultIndex();
  const plan = index.plan(req.query);
  if (!plan.tokens.length) return { entities: [] };
  const filters = makeFilters(req);
  let defaults = index.candidates(plan, filters, options.matchedElsewhere);
  const overlays = options.custom ? (Array.isArray(options.custom) ? options.custom : [options.custom]) : [];
  const customs = (overlays as CustomPlaceIndex[]).flatMap((o) => o.candidates(plan, filters, index));
  if (customs.length) {
    defaults = defaults.filter((d) => !customs.some((c) => overrides(c, d)));
  }
  const all: Candidate[] = [...customs, ...defaults];
  const soft = (['street', 'district', 'subDistrict'] as const).filter((f) => req[f]);
  if (soft.length) {
    for (const c of all) {
      const item = c.entity().place[0];
      for (const f of soft) {
        const v = item[f];
        if (v && foldText(v) === foldText(req[f]!)) c.score += SOFT_MATCH_BONUS;
      }
    }
  }
  all.sort((a, b) => b.score - a.score || b.population - a.population || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { entities: all.slice(0, req.limit).map(withScore) };
}

function withScore(c: Candidate) {
  const e = c.entity();
  e.score = Math.round(c.score * 10000) / 10000;
  return e;
}

/** Validates a raw POST /multigeocode/search body and runs it (GeocodeValidationError -> 400). */
export function searchBody(body: unknown, options: GeocodeSearchOptions = {}): SearchResponse {
  const index = options.index ?? getDefaultIndex();
  const req = parseSearchBody(body, { isKnownCountry: (c) => index.countryByAlpha3.has(c) });
  return search(req, { ...options, index });
}

/**
 * Batch geocode: at most 100 search bodies, answered in order. Every body is validated first;
 * the first invalid one throws (400, field "queries[i].<field>"); more than 100 throws (400).
 */
export function searchBatch(bodies: unknown, options: GeocodeSearchOptions = {}): SearchResponse[] {
  const list = parseBatch(bodies);
  const index = options.index ?? getDefaultIndex();
  const reqs = list.map((b, i) =>
    parseSearchBody(b, { isKnownCountry: (c) => index.countryByAlpha3.has(c), fieldPrefix: `queries[${i}].` }),
  );
  return reqs.map((r) => search(r, { ...options, index }));
}
