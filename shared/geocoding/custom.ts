// Custom places overlay: an in-memory, storage-free index of one caller's custom places
// (one instance per (organisation, namespace); the service fills it from DynamoDB).
// Search merges it with the default dataset (see search.ts and shared/geocoding/README.md#custom-places-the-rule).

import MiniSearch from 'minisearch';
import { foldText } from './format';
import { haversineMeters } from './geo';
import { makeFilters, type Filters } from './filters';
import type { DefaultIndex } from './engine';
import type { Candidate } from './results';
import { combineScore, customBoost, proximity, textScore, WEIGHTS, type QueryPlan, type RankDoc } from './rank';
import { maxTypos, similarity } from './text';
import type { CustomPlace, Entity, PlaceItem, SearchRequest } from './types';

/** At most this many text hits of one search are ranked (the best by MiniSearch's own score). */
export const MAX_RANKED_HITS = 300;

/** Country lookups the overlay borrows from the default index. */
export interface CountryResolver {
  /** alpha-3 for a code (alpha-2/alpha-3) or English name; undefined if unknown. */
  resolveCountry(value: string): string | undefined;
  /** Folded words naming the country (name, aliases, codes). */
  countryWordsOf(alpha3: string): ReadonlySet<string> | undefined;
}

interface Stored {
  p: CustomPlace;
  variants: string[];
  context: Set<string>;
  /** raw country string of place[0], resolved lazily */
  country: string;
  alpha3?: string | null;
  lat: number;
  lng: number;
}

/** Fields compared by the near-duplicate rule (besides the title and the position). */
const DUP_FIELDS = ['country', 'state', 'city', 'district', 'subDistrict', 'street', 'postalCode', 'house', 'building', 'address'] as const;

/** Main display name of a place item: poi.title, else building, address, "house street", district, city, state. */
export function placeTitle(item: PlaceItem): string {
  const houseStreet = [item.house, item.street].filter(Boolean).join(' ');
  return (
    item.poi?.title?.trim() ||
    item.building?.trim() ||
    item.address?.trim() ||
    houseStreet.trim() ||
    item.subDistrict?.trim() ||
    item.district?.trim() ||
    item.city?.trim() ||
    item.state?.trim() ||
    ''
  );
}

function isEnabled(p: CustomPlace): boolean {
  return p.dataSource?.status !== 'disable';
}

export class CustomPlaceIndex {
  private readonly places = new Map<string, Stored>();
  private readonly ms = new MiniSearch<{ id: string; t: string }>({
    fields: ['t'],
    idField: 'id',
    tokenize: (s) => s.split(' '),
    processTerm: (term) => term || null,
  });

  /**
   * `addressIsName` false: the items' `address` lines are made from their other fields (the
   * streets and named places of road networks and address regions), so their words (the
   * city, the country) are context, not a name every place of the overlay shares.
   */
  constructor(
    places: Iterable<CustomPlace> = [],
    private readonly options: { addressIsName?: boolean } = {},
  ) {
    for (const p of places) this.upsert(p);
  }

  get size(): number {
    return this.places.size;
  }

  /** Adds or replaces the place with this docId. Disabled places are kept but never returned by search. */
  upsert(place: CustomPlace): void {
    if (!place.docId) throw new Error('custom place: docId is required');
    if (!Array.isArray(place.place) || !place.place.length || !place.place[0].geopoint) {
      throw new Error('custom place: place[0].geopoint is required');
    }
    if (this.places.has(place.docId)) this.remove(place.docId);
    const variants: string[] = [];
    const context = new Set<string>();
    const words = new Set<string>();
    const addVariant = (s: string | undefined) => {
      const f = s ? foldText(s) : '';
      if (f && !variants.includes(f)) variants.push(f);
    };
    for (const item of place.place) {
      addVariant(placeTitle(item));
      addVariant(item.building);
      if (this.options.addressIsName !== false) addVariant(item.address);
      for (const c of [item.city, item.state, item.country, item.district, item.subDistrict, item.street, item.postalCode, item.house]) {
        if (c) for (const w of foldText(c).split(' ')) if (w) context.add(w);
      }
    }
    // only name words are indexed: the ranker needs a query word on the name, so a place found
    // through a context word alone (the city every street of a network shares) is never kept
    for (const v of variants) for (const w of v.split(' ')) words.add(w);
    const first = place.place[0];
    this.places.set(place.docId, {
      p: place,
      variants,
      context,
      country: first.country ?? '',
      lat: first.geopoint.lat,
      lng: first.geopoint.lng,
    });
    this.ms.add({ id: place.docId, t: [...words].join(' ') });
  }

  /** Removes one place; returns whether it existed. */
  remove(docId: string): boolean {
    if (!this.places.has(docId)) return false;
    this.places.delete(docId);
    this.ms.discard(docId);
    return true;
  }

  get(docId: string): CustomPlace | undefined {
    return this.places.get(docId)?.p;
  }

  list(): CustomPlace[] {
    return [...this.places.values()].map((s) => s.p);
  }

  private alpha3(s: Stored, countries: CountryResolver): string | undefined {
    if (s.alpha3 === undefined) s.alpha3 = s.country ? (countries.resolveCountry(s.country) ?? null) : null;
    return s.alpha3 ?? undefined;
  }

  private passes(s: Stored, f: Filters, countries: CountryResolver): boolean {
    const item = s.p.place[0];
    if (f.countries) {
      const a3 = this.alpha3(s, countries);
      if (!a3 || !f.countries.has(a3)) return false;
    }
    if (f.at && f.radius !== undefined && haversineMeters(f.at.lat, f.at.lng, s.lat, s.lng) > f.radius) return false;
    if (f.state && foldText(item.state ?? '') !== f.state) return false;
    if (f.city && foldText(item.city ?? '') !== f.city) return false;
    return true;
  }

  /** Enabled custom places matching the query, scored like default places plus their boost. */
  candidates(plan: QueryPlan, filters: Filters, countries: CountryResolver): (Candidate & { refId?: string })[] {
    if (!this.places.size || !plan.tokens.length) return [];
    const tokens = plan.tokens;
    // the ranker takes a prefix of a name word for any query word, not only the last
    const hits = this.ms.search(tokens.join(' '), { combineWith: 'OR', prefix: true, fuzzy: (t) => maxTypos(t.length) });
    const out: (Candidate & { refId?: string })[] = [];
    // hits come best first (BM25); a word shared by most places (a city name) would otherwise rank them all
    for (const h of hits.length > MAX_RANKED_HITS ? hits.slice(0, MAX_RANKED_HITS) : hits) {
      const s = this.places.get(h.id as string);
      if (!s || !isEnabled(s.p) || !this.passes(s, filters, countries)) continue;
      const a3 = this.alpha3(s, countries);
      const cw = a3 ? countries.countryWordsOf(a3) : undefined;
      const doc: RankDoc = {
        variants: s.variants,
        altFrom: 1,
        hasContext: (w) => s.context.has(w) || (cw?.has(w) ?? false),
        hasContextPrefix: (p) => {
          for (const w of s.context) if (w.startsWith(p)) return true;
          return false;
        },
      };
      const text = textScore(plan, doc);
      if (text < WEIGHTS.minText) continue;
      const prox = filters.at ? proximity(haversineMeters(filters.at.lat, filters.at.lng, s.lat, s.lng)) : undefined;
      const score = combineScore(text, WEIGHTS.customImportance, prox) + customBoost(s.p.score);
      const p = s.p;
      out.push({
        key: p.docId,
        score,
        text,
        population: 0,
        lat: s.lat,
        lng: s.lng,
        variants: s.variants,
        refId: p.dataSource?.refId,
        entity: (): Entity => ({
          docId: p.docId,
          place: p.place,
          dataSource: { ...p.dataSource },
          score: Math.round(score * 10000) / 10000,
        }),
      });
    }
    return out;
  }

  /** Candidates matching a search request, each with its score and text similarity (for overlays merged by score, not through search()). */
  matches(req: SearchRequest, index: DefaultIndex): Candidate[] {
    const plan = index.plan(req.query);
    if (!plan.tokens.length) return [];
    return this.candidates(plan, makeFilters(req), index);
  }

  entities(req: SearchRequest, index: DefaultIndex): Entity[] {
    return this.matches(req, index).map((c) => c.entity());
  }

  /**
   * Near-duplicate rule (service answers 409 unless force): an existing place of the same
   * dataSource.source within `maxMeters` (100 m) of place[0].geopoint whose title is nearly
   * identical (folded similarity >= 0.9) and of whose other attributes (country, state, city,
   * district, subDistrict, street, postalCode, house, building, address) at most one differs
   * (compared folded; missing = empty). Returns the first such place, or undefined.
   */
  findNearDuplicate(
    candidate: { place: PlaceItem[]; dataSource?: { source?: string } },
    options: { excludeDocId?: string; maxMeters?: number } = {},
  ): CustomPlace | undefined {
    const maxMeters = options.maxMeters ?? 100;
    const item = candidate.place?.[0];
    if (!item?.geopoint) return undefined;
    const source = candidate.dataSource?.source ?? 'default';
    const title = foldText(placeTitle(item));
    for (const s of this.places.values()) {
      if (s.p.docId === options.excludeDocId) continue;
      if ((s.p.dataSource?.source ?? 'default') !== source) continue;
      if (haversineMeters(item.geopoint.lat, item.geopoint.lng, s.lat, s.lng) > maxMeters) continue;
      const other = s.p.place[0];
      if (similarity(title, foldText(placeTitle(other))) < 0.9) continue;
      let differ = 0;
      for (const f of DUP_FIELDS) {
        if (foldText(item[f] ?? '') !== foldText(other[f] ?? '')) differ++;
      }
      if (differ <= 1) return s.p;
    }
    return undefined;
  }
}
