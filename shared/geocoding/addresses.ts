// Per-region address index: the house numbers and named places of an OpenStreetMap extract
// (addresses-pbf.ts), written beside the region's road network by `npm run network -- import`
// and loaded with it. Compact columns (one entry per address, streets by folded name), so a
// region of millions of addresses stays within a function's memory (figures: docs/api/geocoding.md).

import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { CustomPlaceIndex } from './custom';
import type { DefaultIndex } from './engine';
import { foldText } from './format';
import { NearestPlaces } from './nearest';
import { reverseGeocode } from './reverse';
import type { Entity, GeoPoint, PlaceItem } from './types';

/** 'A': an address (street, house number); 'P': a named place (street = its name, house = its place=* kind). */
export interface AddressRecord {
  kind: 'A' | 'P';
  street: string;
  house: string;
  postcode: string;
  city: string;
  lat: number;
  lon: number;
}

export const ADDRESS_FORMAT = 'waymark-addresses-v1';
/** `<region>.addresses.tsv.gz`, beside the region's road network artefact. */
export const ADDRESS_FILE_SUFFIX = '.addresses.tsv.gz';
/** An address farther than this from the point is not "the address at" it. */
export const ADDRESS_AT_METERS = 50;
export const ADDRESS_SOURCE = 'addresses';
/** Grid cells of about 500 m: a city's addresses spread over many cells. */
const ADDRESS_CELL_DEG = 0.005;
const HOUSE = /^\d+[a-z]?$/i;

const clean = (s: string) => s.replace(/[\t\n\r]/g, ' ');

/** The artefact: gzipped lines `kind street house postcode city lat lon`, tab-separated. */
export function writeAddresses(path: string, region: string, records: readonly AddressRecord[]): number {
  const lines = [`#${ADDRESS_FORMAT}\t${clean(region)}`];
  for (const r of records)
    lines.push([r.kind, clean(r.street), clean(r.house), clean(r.postcode), clean(r.city), r.lat.toFixed(7), r.lon.toFixed(7)].join('\t'));
  const bytes = gzipSync(lines.join('\n') + '\n');
  writeFileSync(path, bytes);
  return bytes.length;
}

export function loadAddresses(path: string, index: DefaultIndex): AddressIndex {
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  if (!text.startsWith(`#${ADDRESS_FORMAT}\t`))
    throw new Error(`addresses: ${path} is not a ${ADDRESS_FORMAT} file; import the region again`);
  const nl = text.indexOf('\n');
  const region = text.slice(ADDRESS_FORMAT.length + 2, nl);
  const records: AddressRecord[] = [];
  for (const line of text.slice(nl + 1).split('\n')) {
    if (!line) continue;
    const [kind, street, house, postcode, city, lat, lon] = line.split('\t');
    records.push({ kind: kind as 'A' | 'P', street, house, postcode, city, lat: +lat, lon: +lon });
  }
  return new AddressIndex(region, records, index);
}

export class AddressIndex {
  readonly size: number;
  /** Named places of the region, text-searchable like custom places. */
  readonly places = new CustomPlaceIndex([], { addressIsName: false });
  private readonly streetNames: string[] = [];
  private readonly street: Int32Array;
  private readonly house: string[];
  private readonly postcode: string[];
  private readonly city: string[];
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  /** folded street name -> street numbers (one name can be several spellings) */
  private readonly byStreet = new Map<string, number[]>();
  /** street number -> its address numbers */
  private readonly ofStreet: number[][] = [];
  private grid: NearestPlaces | undefined;

  constructor(
    readonly region: string,
    records: readonly AddressRecord[],
    private readonly index: DefaultIndex,
  ) {
    const addresses = records.filter((r) => r.kind === 'A');
    const n = (this.size = addresses.length);
    this.street = new Int32Array(n);
    this.house = new Array(n);
    this.postcode = new Array(n);
    this.city = new Array(n);
    this.lat = new Float64Array(n);
    this.lon = new Float64Array(n);
    const streetIds = new Map<string, number>();
    addresses.forEach((r, i) => {
      let s = streetIds.get(r.street);
      if (s === undefined) {
        streetIds.set(r.street, (s = this.streetNames.length));
        this.streetNames.push(r.street);
        this.ofStreet.push([]);
        const key = foldText(r.street);
        const same = this.byStreet.get(key);
        if (same) same.push(s);
        else this.byStreet.set(key, [s]);
      }
      this.ofStreet[s].push(i);
      this.street[i] = s;
      this.house[i] = r.house;
      this.postcode[i] = r.postcode;
      this.city[i] = r.city;
      this.lat[i] = r.lat;
      this.lon[i] = r.lon;
    });
    records.forEach((r, i) => {
      if (r.kind !== 'P') return;
      const item: PlaceItem = { geopoint: { lat: r.lat, lng: r.lon }, poi: { title: r.street } };
      this.placeIn(item);
      this.places.upsert({ docId: `place:${region}:${i}`, place: [item], dataSource: { source: ADDRESS_SOURCE, status: 'enable' } });
    });
  }

  /** Country, state (and city when the record has none) from the gazetteer's nearest place. */
  private placeIn(item: PlaceItem, city?: string): void {
    const [near] = reverseGeocode({ at: item.geopoint, limit: 1 }, this.index);
    const p = near?.entity.place[0];
    if (p?.country) item.country = p.country;
    if (p?.state) item.state = p.state;
    item.city = city || p?.city;
    const ci = p?.country ? this.index.countryByAlpha3.get(p.country) : undefined;
    const line = [
      item.street && item.house ? `${item.street} ${item.house}` : item.poi?.title,
      [item.postalCode, item.city].filter(Boolean).join(' '),
    ];
    item.address = [...line, ci === undefined ? undefined : this.index.g.countries[ci].name].filter(Boolean).join(', ');
  }

  entity(i: number): Entity {
    const street = this.streetNames[this.street[i]];
    const item: PlaceItem = {
      geopoint: { lat: this.lat[i], lng: this.lon[i] },
      street,
      house: this.house[i],
      poi: { title: `${street} ${this.house[i]}` },
    };
    if (this.postcode[i]) item.postalCode = this.postcode[i];
    this.placeIn(item, this.city[i]);
    return { docId: `addr:${this.region}:${i}`, place: [item], dataSource: { source: ADDRESS_SOURCE, status: 'enable' }, score: 1 };
  }

  /**
   * Addresses a query names: a house number ("4", "12b") plus a street ("Vasagatan 4",
   * "4 Vasagatan, Göteborg"). Words after the street (a city) are tried away one by one; a
   * city they name is preferred. Nearest to `at` first, when given.
   */
  find(query: string, limit: number, at?: GeoPoint): Entity[] {
    const words = foldText(query).split(' ').filter(Boolean);
    const h = words.findIndex((w) => HOUSE.test(w));
    if (h < 0) return [];
    const house = words[h];
    const rest = words.filter((_, i) => i !== h);
    for (let take = rest.length; take > 0; take--) {
      const streets = this.byStreet.get(rest.slice(0, take).join(' '));
      if (!streets) continue;
      const list = streets.flatMap((st) => this.ofStreet[st]);
      const city = rest.slice(take).join(' ');
      const hits = list.filter((i) => foldText(this.house[i]) === house);
      const rank = (i: number) =>
        (city && foldText(this.city[i]) !== city ? 1e9 : 0) + (at ? Math.hypot(this.lat[i] - at.lat, this.lon[i] - at.lng) : 0);
      return hits
        .sort((a, b) => rank(a) - rank(b))
        .slice(0, limit)
        .map((i) => this.entity(i));
    }
    return [];
  }

  /** The address nearest the point within ADDRESS_AT_METERS, with its distance. */
  nearest(point: GeoPoint): { entity: Entity; meters: number } | undefined {
    this.grid ??= new NearestPlaces({ size: this.size, lat: this.lat, lon: this.lon }, ADDRESS_CELL_DEG);
    const [hit] = this.grid.nearest(point.lat, point.lng, 1, undefined, ADDRESS_AT_METERS);
    return hit && { entity: this.entity(hit.i), meters: hit.meters };
  }

  /** Each address that carries a postal code (postal-code areas are built from them). */
  eachPostcode(visit: (code: string, lat: number, lon: number) => void): void {
    for (let i = 0; i < this.size; i++) if (this.postcode[i]) visit(this.postcode[i], this.lat[i], this.lon[i]);
  }

  /** An address by its `addr:` id, or a named place by its `place:` id. */
  get(docId: string): Entity | undefined {
    const named = this.places.get(docId);
    if (named) return { ...named, score: 1 };
    const m = /^addr:(.*):(\d+)$/.exec(docId);
    if (!m || m[1] !== this.region || +m[2] >= this.size) return undefined;
    return this.entity(+m[2]);
  }
}
