import { invalid } from '../platform/errors';
import { greatCircleMeters } from '../geo';
import {
  MAX_LIMIT,
  parseSearchBody,
  search,
  toItem,
  type DefaultIndex,
  type Entity,
  type GeocodeSearchOptions,
  type Item,
  type GeoPoint,
  type SearchRequest,
  type SearchResponse,
} from '../geocoding';

// POST /geocode/batch in the official client's terms. Each query may carry
// `q` for `query`, `at` as "lat,lng", and the client's `in` hard filter
// (countryCode:, circle:, bbox:), which is honoured; `lang` is refused, as the
// dataset has each name in one local form only. The answer keeps Waymark's
// per-query `results` and adds the client's flat `items`.

export type Area =
  { type: 'circle'; center: GeoPoint; radius: number } | { type: 'bbox'; west: number; south: number; east: number; north: number };

export interface BatchQuery {
  request: SearchRequest;
  /** Hard filter the search itself cannot apply exactly; results are checked against it. */
  area?: Area;
  /** Results the caller asked for (the search may be asked for more when `area` filters them). */
  limit: number;
}

const meters = (a: GeoPoint, b: GeoPoint) => greatCircleMeters(a.lat, a.lng, b.lat, b.lng);

const NUM = String.raw`\s*(-?\d+(?:\.\d+)?)\s*`;
const CIRCLE = new RegExp(`^circle:${NUM},${NUM};\\s*r=\\s*(\\d+(?:\\.\\d+)?)\\s*$`, 'i');
const BBOX = new RegExp(`^bbox:${NUM},${NUM},${NUM},${NUM}$`, 'i');

export function parseIn(value: unknown, field: string): { country?: string } | { area: Area } {
  if (typeof value !== 'string')
    throw invalid(field, 'must be a string: countryCode:..., circle:lat,lng;r=metres or bbox:west,south,east,north');
  const text = value.trim();
  if (/^countryCode:/i.test(text)) return { country: text.slice('countryCode:'.length) };
  const circle = CIRCLE.exec(text);
  if (circle) {
    const [lat, lng, radius] = circle.slice(1).map(Number);
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw invalid(field, 'circle centre out of range');
    if (!(radius > 0)) throw invalid(field, 'circle radius must be greater than 0 metres');
    return { area: { type: 'circle', center: { lat, lng }, radius } };
  }
  const bbox = BBOX.exec(text);
  if (bbox) {
    const [west, south, east, north] = bbox.slice(1).map(Number);
    if (south > north || Math.abs(south) > 90 || Math.abs(north) > 90 || Math.abs(west) > 180 || Math.abs(east) > 180)
      throw invalid(field, 'bbox must be west,south,east,north in range with south <= north');
    return { area: { type: 'bbox', west, south, east, north } };
  }
  throw invalid(field, 'must be countryCode:ABC[,DEF], circle:lat,lng;r=metres or bbox:west,south,east,north');
}

export function inArea(p: GeoPoint, area: Area): boolean {
  if (area.type === 'circle') return meters(p, area.center) <= area.radius;
  const lngInside = area.west <= area.east ? p.lng >= area.west && p.lng <= area.east : p.lng >= area.west || p.lng <= area.east;
  return lngInside && p.lat >= area.south && p.lat <= area.north;
}

/** The circle around the area's centre that holds all of it: a superset the search can filter by itself. */
function enclosingCircle(area: Area): { center: GeoPoint; radius: number } {
  if (area.type === 'circle') return area;
  const span = area.west <= area.east ? area.east - area.west : area.east + 360 - area.west;
  const lng = ((area.west + span / 2 + 540) % 360) - 180;
  const center = { lat: (area.south + area.north) / 2, lng };
  const corners = [area.south, area.north].flatMap((lat) => [area.west, area.east].map((l) => ({ lat, lng: l })));
  return { center, radius: Math.max(...corners.map((c) => meters(center, c))) + 1 };
}

/** Validates query `i` of a batch (field names prefixed "queries[i]."). */
export function parseBatchQuery(raw: unknown, i: number, index: DefaultIndex): BatchQuery {
  const prefix = `queries[${i}].`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(`queries[${i}]`, 'must be a JSON object');
  const body: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (body.query === undefined && typeof body.q === 'string') body.query = body.q;
  if (body.lang !== undefined)
    throw invalid(`${prefix}lang`, 'is not supported: the dataset holds each place name in one local form only; leave lang out');
  return parseFilteredQuery(body, prefix, index);
}

/**
 * A search body with the client's `in` hard filter (countryCode:, circle:, bbox:), validated
 * (field names prefixed `prefix`). A circle or box the search cannot apply exactly becomes an
 * enclosing radius plus `area`, which runFilteredQuery checks every result against.
 */
export function parseFilteredQuery(body: Record<string, unknown>, prefix: string, index: DefaultIndex): BatchQuery {
  body = { ...body };
  let area: Area | undefined;
  if (body.in !== undefined && body.in !== null && body.in !== '') {
    const parsed = parseIn(body.in, `${prefix}in`);
    if ('area' in parsed) area = parsed.area;
    else if (body.country !== undefined) throw invalid(`${prefix}in`, 'countryCode: and country both filter by country; give one');
    else body.country = parsed.country;
  }
  const request = parseSearchBody(body, { isKnownCountry: (c) => index.countryByAlpha3.has(c), fieldPrefix: prefix });
  const limit = request.limit;
  if (!area) return { request, limit };
  if (area.type === 'circle' && (!request.at || (request.at.lat === area.center.lat && request.at.lng === area.center.lng))) {
    // The search's own radius filter is exactly this circle.
    return { request: { ...request, at: area.center, radius: area.radius }, limit };
  }
  const circle = enclosingCircle(area);
  const at = request.at ?? circle.center;
  const radius = meters(at, circle.center) + circle.radius;
  return { request: { ...request, at, radius, limit: MAX_LIMIT }, area, limit };
}

/**
 * Whether a result passes a query's hard filters (country, circle, box): for results found
 * outside the search engine (addresses, junctions), which cannot apply them itself.
 */
export function passesHardFilters(q: BatchQuery): (e: Entity) => boolean {
  const { country, at, radius } = q.request;
  return (e) => {
    const p = e.place[0];
    if (!p) return false;
    if (country?.length && !country.includes(p.country ?? '')) return false;
    if (at && radius !== undefined && meters(at, p.geopoint) > radius) return false;
    return !q.area || inArea(p.geopoint, q.area);
  };
}

export function runFilteredQuery(q: BatchQuery, options: GeocodeSearchOptions): SearchResponse {
  const { entities } = search(q.request, options);
  const area = q.area;
  const kept = area ? entities.filter((e) => e.place[0] && inArea(e.place[0].geopoint, area)) : entities;
  return { entities: kept.slice(0, q.limit) };
}

/** One candidate in the client's GeocodeBatchCreateResponse.Item shape, with the query it answers. */
export interface BatchItem extends Item {
  /** Which query of the batch this candidate answers (the client's flat list does not say). */
  query_index: number;
}

/** The client's flat `items`: every query's candidates, in query order, then rank order. */
export function batchItems(queries: readonly BatchQuery[], results: readonly SearchResponse[], index: DefaultIndex): BatchItem[] {
  return results.flatMap((r, i) =>
    r.entities.filter((e) => e.place.length > 0).map((e) => ({ ...toItem(e, index, { at: queries[i].request.at }), query_index: i })),
  );
}
