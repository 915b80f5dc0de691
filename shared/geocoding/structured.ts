// Structured geocoding over the gazetteer: a city is searched by name within its country (and
// state); a county, state or country alone is answered by the area itself, placed at its seat
// (first-order seat for a state, capital for a country, else its most populous place).

import { ADMIN_SEAT_CODES, CAPITAL_CODES, foldText } from './format';
import type { CustomPlaceIndex } from './custom';
import type { DefaultIndex } from './engine';
import { makeFilters, passesFilters } from './filters';
import { placeImportance } from './gazetteer';
import { search } from './search';
import type { Entity, GeoPoint, PlaceItem } from './types';

export interface StructuredRequest {
  /** alpha-3, known to the dataset. */
  country: string;
  state?: string;
  county?: string;
  city?: string;
  at?: GeoPoint;
  limit: number;
}

export type StructuredLevel = 'city' | 'county' | 'state' | 'country';

export function structuredGeocode(
  req: StructuredRequest,
  index: DefaultIndex,
  custom: readonly CustomPlaceIndex[] = [],
): { level: StructuredLevel; entities: Entity[] } {
  if (req.city) {
    const { entities } = search(
      { query: req.city, country: [req.country], state: req.state, district: req.county, at: req.at, limit: req.limit },
      { index, custom },
    );
    return { level: 'city', entities };
  }
  const level: StructuredLevel = req.county ? 'county' : req.state ? 'state' : 'country';
  return { level, entities: areas(req, level, index) };
}

/** The areas of `level` that match, each placed at its seat, most important first. */
function areas(req: StructuredRequest, level: StructuredLevel, index: DefaultIndex): Entity[] {
  const g = index.g;
  const filters = makeFilters({ query: '', limit: req.limit, country: [req.country], state: req.state });
  const county = req.county ? foldText(req.county) : undefined;
  const seatCodes = level === 'country' ? CAPITAL_CODES : ADMIN_SEAT_CODES;
  const seats = new Map<string, { i: number; rank: number }>();
  for (let i = 0; i < g.size; i++) {
    if (!passesFilters(g, i, filters)) continue;
    if (county !== undefined && foldText(g.admin2[i]) !== county) continue;
    const key = level === 'country' ? '' : level === 'state' ? g.admin1Code[i] : `${g.admin1Code[i]}\t${g.admin2[i]}`;
    // a seat of the area's own level outranks any other place in it
    const rank = placeImportance(g.population[i], g.fcode[i]) + (level !== 'county' && seatCodes.has(g.fcode[i]) ? 1 : 0);
    const held = seats.get(key);
    if (!held || rank > held.rank) seats.set(key, { i, rank });
  }
  return [...seats.values()]
    .sort((a, b) => b.rank - a.rank)
    .slice(0, req.limit)
    .map(({ i, rank }) => areaEntity(index, i, level, Math.min(1, rank)));
}

function areaEntity(index: DefaultIndex, i: number, level: StructuredLevel, score: number): Entity {
  const g = index.g;
  const country = g.countries[g.country[i]];
  const item: PlaceItem = { geopoint: { lat: g.lat[i], lng: g.lon[i] }, country: country.alpha3 };
  if (level !== 'country' && g.admin1[i]) item.state = g.admin1[i];
  if (level === 'county' && g.admin2[i]) item.district = g.admin2[i];
  const title = level === 'county' ? g.admin2[i] : level === 'state' ? g.admin1[i] || g.name[i] : country.name;
  item.poi = { title };
  item.address = [item.district, item.state, country.name].filter(Boolean).join(', ');
  return {
    docId: 'gn:' + g.geonameId[i],
    place: [item],
    dataSource: { source: 'default', refId: g.geonameId[i], status: 'enable' },
    score: Math.round(score * 10000) / 10000,
  };
}
