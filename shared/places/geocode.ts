import { ApiError, invalid, notFound } from '../platform/errors';
import {
  ADDRESS_FILE_SUFFIX,
  canonicalLanguage,
  loadAddresses,
  defaultEntity,
  getDefaultIndex,
  parseAt,
  parseCountries,
  parseLimit,
  placeNumberById,
  reverseGeocode,
  structuredGeocode,
  toItem,
  StreetIndex,
  type AddressIndex,
  type DefaultIndex,
  type Entity,
  type Item,
} from '../geocoding';
import { inArea, parseFilteredQuery, parseIn, passesHardFilters, runFilteredQuery } from './batch';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Network } from '../roads';
import type { PlaceOverlayCache } from './cache';

// The GET geocoding family in the client's terms (query parameters q, at, in, lang, limit;
// answers `{items}`), over the same engine and custom places as POST /multigeocode/search.
// Place names exist in one local form, so `lang` changes only the country names (ICU).

export type FreeTextOperation = 'geocode' | 'autocomplete' | 'autosuggest';

/** Default `limit` per operation (the commercial API's own defaults). */
const DEFAULT_LIMITS: Record<FreeTextOperation | 'revgeocode' | 'structured', number> = {
  geocode: 10,
  autocomplete: 5,
  autosuggest: 10,
  revgeocode: 1,
  structured: 10,
};

/** Structured fields the gazetteer cannot answer: named in `warnings`, the answer stays city level. */
const NOT_COVERED = ['street', 'houseNumber', 'postalCode'] as const;

interface FreeTextQuery {
  q: string;
  at?: string;
  in?: string;
  lang?: string;
  limit?: string;
}

type ReverseQuery = { at: string; in?: string; lang?: string; limit?: string };
type StructuredQuery = Partial<
  Record<'countryCode' | 'state' | 'county' | 'city' | 'at' | 'in' | 'limit' | (typeof NOT_COVERED)[number], string>
>;

function language(lang: string | undefined): string | undefined {
  if (lang === undefined || lang.trim() === '') return undefined;
  const canonical = canonicalLanguage(lang.trim());
  if (!canonical) throw invalid('lang', `must be a BCP-47 language tag, e.g. "en" or "sv-SE" (got ${JSON.stringify(lang)})`);
  return canonical;
}

/**
 * Errors name the query parameter as the other GET operations do ("query.q"): the search
 * body's `query` is the parameter `q`, and its country filter comes from `in`.
 */
const PARAMETER_OF: Record<string, string> = { query: 'q', country: 'in' };
async function asParameters<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400 || !e.field) throw e;
    const root = e.field.split('.')[0];
    const name = PARAMETER_OF[root] ?? root;
    throw invalid(`query.${name}${e.field.slice(root.length)}`, e.message.slice(e.field.length + 2));
  }
}

const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

export class GeocodeService {
  private readonly defaultIndex: () => DefaultIndex;
  private readonly streets: () => StreetIndex | undefined;
  private readonly addresses: () => readonly AddressIndex[];

  constructor(
    private readonly cache: PlaceOverlayCache,
    sources: {
      defaultIndex?: () => DefaultIndex;
      /** Street level where road networks are loaded (streetsOfNetworks); none: city level only. */
      streets?: () => StreetIndex | undefined;
      /** House numbers and named places of imported regions (addressesIn). */
      addresses?: () => readonly AddressIndex[];
    } = {},
  ) {
    this.defaultIndex = sources.defaultIndex ?? getDefaultIndex;
    this.streets = sources.streets ?? (() => undefined);
    this.addresses = sources.addresses ?? (() => []);
  }

  private async custom(space: string) {
    return [(await this.cache.overlay(space)).index];
  }

  /** GET /geocode, /autocomplete, /autosuggest: free text, prefix and typo tolerant, ranked by importance and distance to `at`. */
  freeText(space: string, operation: FreeTextOperation, query: FreeTextQuery): Promise<{ items: Item[] }> {
    return asParameters(() => this.runFreeText(space, operation, query));
  }

  reverse(space: string, query: ReverseQuery): Promise<{ items: Item[] }> {
    return asParameters(() => this.runReverse(space, query));
  }

  structured(space: string, query: StructuredQuery): Promise<{ items: Item[]; warnings?: string[] }> {
    return asParameters(() => this.runStructured(space, query));
  }

  lookup(space: string, query: { id: string; lang?: string }): Promise<{ items: Item[] }> {
    return asParameters(() => this.runLookup(space, query));
  }

  private async runFreeText(space: string, operation: FreeTextOperation, query: FreeTextQuery): Promise<{ items: Item[] }> {
    const index = this.defaultIndex();
    const lang = language(query.lang);
    const body: Record<string, unknown> = { query: query.q, limit: query.limit ?? DEFAULT_LIMITS[operation] };
    if (present(query.at)) body.at = query.at;
    if (present(query.in)) body.in = query.in;
    const parsed = parseFilteredQuery(body, '', index);
    const at = parsed.request.at;
    const kept = passesHardFilters(parsed);
    const houses = this.addresses()
      .flatMap((a) => a.find(parsed.request.query, parsed.limit, at))
      .filter(kept);
    if (houses.length) return { items: houses.slice(0, parsed.limit).map((e) => toItem(e, index, { at, lang })) };
    const streets = this.streets();
    const junction = streets && StreetIndex.junctionParts(parsed.request.query);
    if (streets && junction) {
      const found = streets.junctions(junction[0], junction[1], parsed.limit, at, kept);
      if (found.length) return { items: found.map((e) => toItem(e, index, { at, lang })) };
    }
    const custom = await this.custom(space);
    // streets and named places first: a good match among them spares the gazetteer its typo pass
    const overlays = [...(streets ? [streets.overlay] : []), ...this.addresses().map((a) => a.places)];
    const named = overlays
      .flatMap((o) => o.matches(parsed.request, index))
      .map((c) => ({ text: c.text, entity: c.entity() }))
      .filter((n) => kept(n.entity));
    const matchedElsewhere = named.reduce((best, n) => Math.max(best, n.text), 0);
    const { entities } = runFilteredQuery(parsed, { index, custom, matchedElsewhere });
    const merged = named.length
      ? [...entities, ...named.map((n) => n.entity)].sort((a, b) => b.score - a.score).slice(0, parsed.limit)
      : entities;
    return { items: merged.map((e) => toItem(e, index, { at, lang })) };
  }

  /** GET /revgeocode: the nearest places to `at` (default and custom), nearest first, with their distance. */
  private async runReverse(space: string, query: ReverseQuery): Promise<{ items: Item[] }> {
    const index = this.defaultIndex();
    const at = parseAt(query.at);
    const lang = language(query.lang);
    const limit = present(query.limit) ? parseLimit(query.limit) : DEFAULT_LIMITS.revgeocode;
    let countries: Set<string> | undefined;
    let within: ((p: { lat: number; lng: number }) => boolean) | undefined;
    if (present(query.in)) {
      const parsed = parseIn(query.in, 'in');
      if ('area' in parsed) within = (p) => inArea(p, parsed.area);
      else countries = new Set(parseCountries(parsed.country, (c) => index.countryByAlpha3.has(c), 'in'));
    }
    const found = reverseGeocode({ at, limit, countries, within }, index, await this.custom(space));
    // the address at the point, else the named road, comes first: the point's own address
    const [house] = this.addresses()
      .flatMap((a) => a.nearest(at) ?? [])
      .sort((a, b) => a.meters - b.meters);
    const first = house ?? this.streets()?.streetAt(at);
    const item0 = first?.entity.place[0];
    if (first && item0 && (!countries || countries.has(item0.country ?? '')) && (!within || within(item0.geopoint))) found.unshift(first);
    return { items: found.slice(0, limit).map((r) => toItem(r.entity, index, { at, lang })) };
  }

  /** GET /geocode/structured: city by name within its country (and state), else the county, state or country itself. */
  private async runStructured(space: string, query: StructuredQuery): Promise<{ items: Item[]; warnings?: string[] }> {
    const index = this.defaultIndex();
    const [country] = parseCountries(query.countryCode ?? '', (c) => index.countryByAlpha3.has(c), 'countryCode');
    if (query.countryCode?.includes(',')) throw invalid('countryCode', 'must be one ISO 3166 alpha-3 code');
    const at = present(query.at) ? parseAt(query.at) : undefined;
    const limit = present(query.limit) ? parseLimit(query.limit) : DEFAULT_LIMITS.structured;
    let area: ReturnType<typeof parseIn> | undefined;
    if (present(query.in)) {
      area = parseIn(query.in, 'in');
      if (!('area' in area))
        throw invalid('in', 'must be circle:lat,lng;r=metres or bbox:west,south,east,north (the country is countryCode)');
    }
    const text = (v: string | undefined) => (present(v) ? v.trim() : undefined);
    // with an area, ask for more and keep those inside it
    const wanted = area ? 100 : limit;
    const houseQuery =
      present(query.street) && present(query.houseNumber) ? `${query.street} ${query.houseNumber} ${query.city ?? ''}` : undefined;
    const houses = houseQuery ? this.addresses().flatMap((a) => a.find(houseQuery, wanted, at)) : [];
    const streets = present(query.street) && !houses.length ? this.streets() : undefined;
    const onStreet = streets?.search({
      query: query.street!.trim(),
      country: [country],
      state: text(query.state),
      city: text(query.city),
      at,
      limit: wanted,
    });
    const { entities } = houses.length
      ? { entities: houses }
      : onStreet?.length
        ? { entities: onStreet.sort((a, b) => b.score - a.score) }
        : structuredGeocode(
            { country, state: text(query.state), county: text(query.county), city: text(query.city), at, limit: wanted },
            index,
            await this.custom(space),
          );
    const kept = area && 'area' in area ? entities.filter((e: Entity) => inArea(e.place[0].geopoint, area.area)) : entities;
    const used = (f: (typeof NOT_COVERED)[number]) => (houses.length ? f !== 'postalCode' : f === 'street' && !!onStreet?.length);
    const uncovered = NOT_COVERED.filter((f) => present(query[f]) && !used(f));
    return {
      items: kept.slice(0, limit).map((e) => toItem(e, index, { at })),
      ...(uncovered.length
        ? {
            warnings: uncovered.map(
              (f) => `${f}: not covered here; the answer is ${f === 'street' ? 'the city (or area)' : 'the street or city'} without it`,
            ),
          }
        : {}),
    };
  }

  /** GET /lookup: any id a search answers (place, street, junction, address, named place), else a custom place of the space by docId. */
  private async runLookup(space: string, query: { id: string; lang?: string }): Promise<{ items: Item[] }> {
    const index = this.defaultIndex();
    const lang = language(query.lang);
    const id = query.id.trim();
    if (!id) throw invalid('id', 'must not be empty');
    const n = /^(gn:)?\d+$/.test(id) ? placeNumberById(index, id) : undefined;
    let entity: Entity | undefined = n === undefined ? undefined : defaultEntity(index.g, n, 1);
    if (!entity && /^(street|junction):/.test(id)) entity = this.streets()?.get(id);
    if (!entity && /^(addr|place):/.test(id)) entity = this.addresses().reduce<Entity | undefined>((e, a) => e ?? a.get(id), undefined);
    if (!entity) {
      const place = (await this.cache.overlay(space)).index.get(id);
      if (place && place.dataSource?.status !== 'disable') entity = { ...place, score: 1 };
    }
    if (!entity) throw notFound(`id: no place "${id}"`);
    return { items: [toItem(entity, index, { lang, unscored: true })] };
  }
}

/**
 * The street index of the loaded road networks, rebuilt only when the set of networks
 * changes; undefined while none is loaded.
 */
export function streetsOfNetworks(networks: () => { list(): Network[] }, defaultIndex: () => DefaultIndex = getDefaultIndex) {
  let built: { nets: Network[]; streets: StreetIndex } | undefined;
  return (): StreetIndex | undefined => {
    const nets = networks().list();
    if (!nets.length) return undefined;
    if (!built || built.nets.length !== nets.length || built.nets.some((n, i) => n !== nets[i]))
      built = { nets, streets: new StreetIndex(nets, defaultIndex()) };
    return built.streets;
  };
}

/**
 * The address indexes of the regions imported into `dir` (`<region>.addresses.tsv.gz`, written
 * by `npm run network -- import`), loaded on first use.
 */
export function addressesIn(dir: () => string | undefined, defaultIndex: () => DefaultIndex = getDefaultIndex) {
  let loaded: AddressIndex[] | undefined;
  return (): readonly AddressIndex[] => {
    if (loaded) return loaded;
    const folder = dir();
    const files =
      folder && existsSync(folder)
        ? readdirSync(folder)
            .filter((f) => f.endsWith(ADDRESS_FILE_SUFFIX))
            .sort()
        : [];
    return (loaded = files.map((f) => loadAddresses(join(folder!, f), defaultIndex())));
  };
}
