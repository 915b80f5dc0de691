// GET /discover (free text) and GET /browse (categories) over the imported regions' POIs;
// discover also answers the places the geocoder finds for the text (gazetteer, custom places,
// streets), so "Bindlach" finds the town and "Edeka Bindlach" the shop.

import { invalid } from '../platform/errors';
import { canonicalLanguage, parseAt, parseCountries, parseLimit, reverseGeocode, type DefaultIndex, type Item } from '../geocoding';
import { MAX_QUERY_LENGTH } from '../geocoding/validate';
import { inArea, parseIn, type Area } from '../places/batch';
import { greatCircleMeters } from '../geo/sphere';
import { poiItem, type PoiItem } from './items';
import type { PoiHit, PoiIndex } from './poi-index';

export const DEFAULT_LIMIT = 10;
/** How far browse looks around `at` when no `in` area bounds it. */
export const BROWSE_RADIUS_M = 20_000;
/** Categories one browse may name. */
export const MAX_CATEGORIES = 20;
/** A geocoder answer weaker than this is a stray fuzzy match beside real POIs, and is left out. */
export const PLACE_MIN_SCORE = 0.6;

export interface DiscoverSources {
  pois: () => readonly PoiIndex[];
  defaultIndex: () => DefaultIndex;
  /** The geocoder's free-text answer for the same parameters (GET /geocode). */
  places?: (query: { q: string; at?: string; in?: string; lang?: string; limit: string }) => Promise<{ items: Item[] }>;
  now?: () => Date;
}

type Query = { at?: string; in?: string; lang?: string; limit?: string };

const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

interface Parsed {
  at?: { lat: number; lng: number };
  area?: Area;
  countries?: Set<string>;
  lang?: string;
  limit: number;
}

function parse(query: Query, index: DefaultIndex): Parsed {
  const out: Parsed = { limit: present(query.limit) ? parseLimit(query.limit, 'query.limit') : DEFAULT_LIMIT };
  if (present(query.at)) out.at = parseAt(query.at, 'query.at');
  if (present(query.in)) {
    const parsed = parseIn(query.in, 'query.in');
    if ('area' in parsed) out.area = parsed.area;
    else out.countries = new Set(parseCountries(parsed.country, (c) => index.countryByAlpha3.has(c), 'query.in'));
  }
  if (present(query.lang)) {
    out.lang = canonicalLanguage(query.lang.trim());
    if (!out.lang) throw invalid('query.lang', `must be a BCP-47 language tag, e.g. "en" (got ${JSON.stringify(query.lang)})`);
  }
  return out;
}

/** The hard filter of `in` on one region's POIs (a country is the gazetteer's around the POI). */
function acceptor(p: Parsed, pois: PoiIndex, index: DefaultIndex): ((i: number) => boolean) | undefined {
  const { area, countries } = p;
  if (area) return (i) => inArea({ lat: pois.records[i].lat, lng: pois.records[i].lon }, area);
  if (!countries) return undefined;
  return (i) => {
    const r = pois.records[i];
    const [near] = reverseGeocode({ at: { lat: r.lat, lng: r.lon }, limit: 1 }, index);
    return countries.has(near?.entity.place[0]?.country ?? '');
  };
}

function items(sources: DiscoverSources, p: Parsed, hits: Array<{ pois: PoiIndex; hit: PoiHit }>): PoiItem[] {
  const ctx = { index: sources.defaultIndex(), at: p.at, lang: p.lang, now: sources.now?.() ?? new Date() };
  return hits.map(({ pois, hit }) => poiItem(pois, hit, ctx));
}

export async function discover(sources: DiscoverSources, query: Query & { q: string }): Promise<{ items: Item[] }> {
  const index = sources.defaultIndex();
  const q = query.q.trim();
  if (!q) throw invalid('query.q', 'must not be empty');
  if (q.length > MAX_QUERY_LENGTH) throw invalid('query.q', `must be at most ${MAX_QUERY_LENGTH} characters`);
  const p = parse(query, index);
  const hits = sources
    .pois()
    .flatMap((pois) => pois.search(q, { at: p.at, accept: acceptor(p, pois, index), limit: p.limit }).map((hit) => ({ pois, hit })))
    .sort((a, b) => b.hit.score - a.hit.score)
    .slice(0, p.limit);
  const found: Item[] = items(sources, p, hits);
  if (sources.places) {
    const places = await sources.places({ q, at: query.at, in: query.in, lang: query.lang, limit: String(p.limit) });
    found.push(...places.items.filter((it) => (it.scoring?.queryScore ?? 0) >= PLACE_MIN_SCORE));
  }
  // stable: a POI keeps its place before a place of the same score
  return { items: found.sort((a, b) => (b.scoring?.queryScore ?? 0) - (a.scoring?.queryScore ?? 0)).slice(0, p.limit) };
}

function categoriesOf(value: string | undefined): string[] {
  if (!present(value)) return [];
  const list = value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.find((c) => !/^[a-z0-9_]+(=[a-z0-9_]+)?$/.test(c));
  if (bad) throw invalid('query.categories', `"${bad}" is not a category: an OSM value ("cafe"), tag ("amenity=cafe") or key ("shop")`);
  if (list.length > MAX_CATEGORIES) throw invalid('query.categories', `must name at most ${MAX_CATEGORIES} categories`);
  return list;
}

/** Centre and reach of the search: `at` within the area (or BROWSE_RADIUS_M), else the area's centre. */
function reach(p: Parsed): { centre: { lat: number; lng: number }; meters: number } {
  const area = p.area;
  if (!area) {
    if (!p.at) throw invalid('query.at', 'is required unless in is circle:... or bbox:... (where to browse)');
    return { centre: p.at, meters: BROWSE_RADIUS_M };
  }
  if (area.type === 'circle')
    return {
      centre: p.at ?? area.center,
      meters: area.radius + (p.at ? greatCircleMeters(p.at.lat, p.at.lng, area.center.lat, area.center.lng) : 0),
    };
  const centre = p.at ?? { lat: (area.south + area.north) / 2, lng: area.west <= area.east ? (area.west + area.east) / 2 : area.west };
  const corners = [area.south, area.north].flatMap((lat) =>
    [area.west, area.east].map((lng) => greatCircleMeters(centre.lat, centre.lng, lat, lng)),
  );
  return { centre, meters: Math.max(...corners) + 1 };
}

export async function browse(sources: DiscoverSources, query: Query & { categories?: string }): Promise<{ items: Item[] }> {
  const index = sources.defaultIndex();
  const categories = categoriesOf(query.categories);
  const p = parse(query, index);
  const { centre, meters } = reach(p);
  const hits = sources
    .pois()
    .flatMap((pois) =>
      pois.browse(centre, categories, meters, { accept: acceptor(p, pois, index), limit: p.limit }).map((hit) => ({ pois, hit })),
    )
    .sort((a, b) => (a.hit.meters ?? 0) - (b.hit.meters ?? 0))
    .slice(0, p.limit);
  return { items: items(sources, p, hits) };
}
