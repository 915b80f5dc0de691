// A POI as the client's discover/browse Item: the geocoding Item (id, title, address, position,
// access, distance, scoring) plus categories, contacts and openingHours where the tags have them.

import { reverseGeocode, toItem, type DefaultIndex, type Entity, type Item, type PlaceItem } from '../geocoding';
import { clientCategory, type Category } from './categories';
import { openingHours, type OpeningHours } from './opening-hours';
import type { PoiHit, PoiIndex } from './poi-index';

export const POI_SOURCE = 'pois';

export interface PoiItem extends Item {
  categories?: Category[];
  contacts?: Array<{ phone?: Array<{ value: string }>; www?: Array<{ value: string }> }>;
  openingHours?: OpeningHours;
}

export interface ItemContext {
  index: DefaultIndex;
  at?: { lat: number; lng: number };
  lang?: string;
  /** Opening hours are given for the seven days from this date. */
  now: Date;
}

/** The POI as a search entity: its own address tags, country and state from the gazetteer's nearest place. */
export function poiEntity(pois: PoiIndex, i: number, index: DefaultIndex, score: number): Entity {
  const r = pois.records[i];
  const place: PlaceItem = { geopoint: { lat: r.lat, lng: r.lon }, poi: { title: r.name } };
  if (r.street) place.street = r.street;
  if (r.house) place.house = r.house;
  if (r.postcode) place.postalCode = r.postcode;
  const [near] = reverseGeocode({ at: place.geopoint, limit: 1 }, index);
  const around = near?.entity.place[0];
  place.country = around?.country;
  place.state = around?.state;
  place.city = r.city || around?.city;
  const ci = place.country ? index.countryByAlpha3.get(place.country) : undefined;
  const street = [r.street, r.house].filter(Boolean).join(' ');
  const town = [r.postcode, place.city].filter(Boolean).join(' ');
  place.address = [r.name, street, town, ci === undefined ? undefined : index.g.countries[ci].name].filter(Boolean).join(', ');
  return { docId: `poi:${pois.region}:${i}`, place: [place], dataSource: { source: POI_SOURCE, status: 'enable' }, score };
}

export function poiItem(pois: PoiIndex, hit: PoiHit, ctx: ItemContext): PoiItem {
  const r = pois.records[hit.i];
  const item: PoiItem = {
    ...toItem(poiEntity(pois, hit.i, ctx.index, Math.round(hit.score * 10000) / 10000), ctx.index, { at: ctx.at, lang: ctx.lang }),
    categories: [clientCategory(r.category)],
  };
  const contact = { ...(r.phone ? { phone: [{ value: r.phone }] } : {}), ...(r.website ? { www: [{ value: r.website }] } : {}) };
  if (r.phone || r.website) item.contacts = [contact];
  const hours = r.hours ? openingHours(r.hours, ctx.now) : undefined;
  if (hours) item.openingHours = hours;
  return item;
}
