// Result mapping: from candidate place numbers of the default dataset to ranked candidates
// and their wire entities.

import { passesFilters, type Filters } from './filters';
import { haversineMeters } from './geo';
import type { Gazetteer } from './gazetteer';
import type { PlaceContext } from './place-context';
import { combineScore, proximity, textScore, WEIGHTS, type QueryPlan } from './rank';
import type { Entity, PlaceItem } from './types';
import { hasWordPrefix } from './word-index';

/** How many candidates get the full (more expensive) text ranking. */
const RERANK = 80;

/** A scored result of either dataset, before the final ordering. */
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

export interface RankInput {
  g: Gazetteer;
  importance: Float32Array;
  context: PlaceContext;
}

/**
 * Ranked candidates (not sorted) among the places `ids` that pass the filters. A cheap
 * pre-score (query words present + importance + proximity) keeps the best RERANK for the
 * full text ranking; places below the minimum text similarity are dropped.
 */
export function rankPlaces(ids: number[], plan: QueryPlan, filters: Filters, r: RankInput, work?: { ranked: number }): Candidate[] {
  if (!ids.length) return [];
  const { g, importance } = r;
  const at = filters.at;
  const pre: { i: number; s: number }[] = [];
  const toks = plan.tokens;
  for (const i of ids) {
    if (!passesFilters(g, i, filters)) continue;
    let s = importance[i];
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
  if (work) work.ranked += pre.length;
  const out: Candidate[] = [];
  for (const { i } of pre) {
    const doc = r.context.rankDoc(i);
    const text = textScore(plan, doc);
    if (text < WEIGHTS.minText) continue;
    const prox = at ? proximity(haversineMeters(at.lat, at.lng, g.lat[i], g.lon[i])) : undefined;
    const score = combineScore(text, importance[i], prox);
    out.push({
      key: 'gn:' + g.geonameId[i],
      score,
      text,
      population: g.population[i],
      lat: g.lat[i],
      lng: g.lon[i],
      variants: doc.variants,
      entity: () => defaultEntity(g, i, score),
    });
  }
  return out;
}

/** Wire entity of default place i; its docId is "gn:<geonameid>". */
export function defaultEntity(g: Gazetteer, i: number, score: number): Entity {
  return {
    docId: 'gn:' + g.geonameId[i],
    place: [defaultPlaceItem(g, i)],
    dataSource: { source: 'default', refId: g.geonameId[i], status: 'enable' },
    score: Math.round(score * 10000) / 10000,
  };
}

/** The place item of default place i: city is its name, state and district its divisions. */
export function defaultPlaceItem(g: Gazetteer, i: number): PlaceItem {
  const c = g.countries[g.country[i]];
  const item: PlaceItem = { geopoint: { lat: g.lat[i], lng: g.lon[i] }, country: c.alpha3 };
  if (g.admin1[i]) item.state = g.admin1[i];
  item.city = g.name[i];
  if (g.admin2[i] && g.admin2[i] !== g.name[i]) item.district = g.admin2[i];
  item.poi = { title: g.name[i] };
  item.address = [g.name[i], g.admin1[i] && g.admin1[i] !== g.name[i] ? g.admin1[i] : '', c.name].filter(Boolean).join(', ');
  return item;
}
