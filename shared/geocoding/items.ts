// The client's result Item (HERE-style: id, title, address, position, access, distance,
// scoring), built from a search entity. Shared by the batch geocode's flat `items` and the
// GET family (/geocode, /revgeocode, /autocomplete, /autosuggest, /lookup).

import { placeTitle } from './custom';
import type { DefaultIndex } from './engine';
import { haversineMeters } from './geo';
import { placeNumberById } from './places-by-id';
import type { Entity, GeoPoint } from './types';

export interface Item {
  id: string;
  title: string;
  address: Record<string, string>;
  /** Strings, as the client's Position type has them. */
  position: { lat: string; lng: string };
  access: GeoPoint;
  /** Metres from the request's `at`, when it had one. */
  distance?: number;
  scoring?: { queryScore: number; fieldScore: Record<string, never> };
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A BCP-47 tag's canonical form, or undefined when it is not one. Names of places exist in one
 * local form only; country names come from ICU in the requested language.
 */
export function canonicalLanguage(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

function countryName(index: DefaultIndex, alpha3: string | undefined, lang: string | undefined): string | undefined {
  const ci = alpha3 ? index.countryByAlpha3.get(alpha3) : undefined;
  if (ci === undefined) return undefined;
  const c = index.g.countries[ci];
  if (!lang) return c.name;
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })));
  return names.of(c.alpha2) ?? c.name;
}

export interface ItemOptions {
  at?: GeoPoint;
  /** Canonical BCP-47 tag: the country name (and the label's country part) in that language. */
  lang?: string;
  /** Leave out `scoring` (lookup answers have none). */
  unscored?: boolean;
}

export function toItem(e: Entity, index: DefaultIndex, options: ItemOptions = {}): Item {
  const p = e.place[0];
  const address: Record<string, string> = {};
  const set = (name: string, value: string | undefined) => {
    if (value) address[name] = value;
  };
  const country = countryName(index, p.country, options.lang);
  let label = p.address;
  const englishCountry = countryName(index, p.country, undefined);
  if (label && options.lang && country && englishCountry && label.endsWith(englishCountry))
    label = label.slice(0, -englishCountry.length) + country;
  set('label', label);
  set('countryCode', p.country);
  set('countryName', country);
  const n = e.docId.startsWith('gn:') ? placeNumberById(index, e.docId) : undefined;
  if (n !== undefined && p.state) set('stateCode', index.g.admin1Code[n]);
  set('state', p.state);
  set('county', p.district);
  set('city', p.city);
  set('district', p.subDistrict);
  set('street', p.street);
  set('houseNumber', p.house);
  set('postalCode', p.postalCode);
  const at = options.at;
  return {
    id: e.docId,
    title: placeTitle(p),
    address,
    position: { lat: String(p.geopoint.lat), lng: String(p.geopoint.lng) },
    access: { ...p.geopoint },
    ...(at ? { distance: Math.round(haversineMeters(at.lat, at.lng, p.geopoint.lat, p.geopoint.lng)) } : {}),
    ...(options.unscored ? {} : { scoring: { queryScore: Math.max(0, Math.min(1, e.score)), fieldScore: {} } }),
  };
}
