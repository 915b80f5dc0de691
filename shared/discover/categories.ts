// Categories of points of interest: the OpenStreetMap key that makes a feature a POI and its
// value ("amenity=cafe" is the category "cafe"). The client's categories are {id, name,
// primary}; Waymark's id is the OSM value, so `categories=cafe,restaurant` reads as a mapper writes.

import type { Tags } from '../roads/import-pbf';

/** Keys whose named features are POIs, in the order a feature with several is classed by. */
export const POI_KEYS = ['amenity', 'shop', 'tourism', 'office', 'leisure', 'craft', 'healthcare'] as const;

/** Values that name infrastructure rather than a place anyone searches for. */
const IGNORED = new Set(['yes', 'no', 'bench', 'waste_basket', 'parking_space', 'vending_machine', 'bicycle_parking', 'grit_bin']);

/** "key=value" of the feature's POI tag, or undefined when it is no POI. */
export function categoryOf(tags: Tags): string | undefined {
  for (const key of POI_KEYS) {
    const value = tags[key];
    if (value && !IGNORED.has(value) && /^[a-z0-9_]+$/.test(value)) return `${key}=${value}`;
  }
  return undefined;
}

export interface Category {
  id: string;
  name: string;
  primary: string;
}

/** The client's category of a stored "key=value": id the value, name in words ("fast_food": "Fast food"). */
export function clientCategory(category: string): Category {
  const value = category.slice(category.indexOf('=') + 1);
  const words = value.replace(/_/g, ' ');
  return { id: value, name: words[0].toUpperCase() + words.slice(1), primary: 'true' };
}

/**
 * Whether a stored "key=value" answers one requested category: the value ("cafe"), the whole
 * tag ("amenity=cafe") or the key ("shop": every shop).
 */
export function matchesCategory(category: string, wanted: string): boolean {
  const eq = category.indexOf('=');
  return wanted === category || wanted === category.slice(eq + 1) || wanted === category.slice(0, eq);
}

/** Everyday words for categories whose OSM value a searcher would not type. */
const EVERYDAY: Record<string, string> = {
  cafe: 'coffee',
  fuel: 'petrol gas station',
  supermarket: 'grocery groceries food',
  convenience: 'grocery',
  pharmacy: 'chemist drugstore',
  atm: 'cash machine',
  bank: 'atm',
  restaurant: 'food eat dinner lunch',
  fast_food: 'food takeaway',
  pub: 'bar beer',
  bar: 'drinks',
  hotel: 'accommodation',
  hostel: 'accommodation',
  hospital: 'emergency',
  doctors: 'doctor clinic',
  dentist: 'dental',
  place_of_worship: 'church',
  post_office: 'post',
  bus_station: 'bus',
  townhall: 'town hall',
};

/** The words a category is found by: its value in words, and everyday words for it. */
export function categoryWords(category: string): string {
  const value = category.slice(category.indexOf('=') + 1);
  return `${value.replace(/_/g, ' ')} ${EVERYDAY[value] ?? ''}`;
}
