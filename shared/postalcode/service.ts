// POST /postalcode: a code to its centre and area, or a point to the code around it, from the
// postal-code areas of the imported regions (areas.ts). A code or point outside the data is a
// 200 without `places` and a warning naming what the data covers: the data, not the request, is
// what falls short.

import { invalid } from '../platform/errors';
import { greatCircleMeters } from '../geo/sphere';
import { reverseGeocode, type DefaultIndex } from '../geocoding';
import type { LonLat } from '../geo/types';
import type { PostalArea, PostalAreas } from './areas';
import type { PostalcodeRequest, PostalcodeResponse } from './schemas';

/** A point farther than this from every address with a code has no code in the data. */
export const POSTCODE_AT_METERS = 2000;

type Place = NonNullable<PostalcodeResponse['places']>;

function countryOf(index: DefaultIndex, value: string): string {
  const up = value.trim().toUpperCase();
  const byAlpha2 = index.g.countries.find((c) => c.alpha2 === up);
  const alpha3 = byAlpha2?.alpha3 ?? index.resolveCountry(value);
  if (!alpha3) throw invalid('country', `"${value}" is not a known country name or ISO 3166 alpha-2/3 code`);
  return alpha3;
}

/** Country, state and town around an area's centre, from the gazetteer's nearest place. */
function placeOf(index: DefaultIndex, area: PostalArea) {
  const [near] = reverseGeocode({ at: { lat: area.lat, lng: area.lon }, limit: 1 }, index);
  const p = near?.entity.place[0];
  const ci = p?.country === undefined ? undefined : index.countryByAlpha3.get(p.country);
  return {
    countryCode: p?.country,
    country: ci === undefined ? undefined : index.g.countries[ci].name,
    state: p?.state,
    district: p?.city,
  };
}

function boundary(ring: LonLat[], geojson: boolean): Place['boundary'] {
  if (geojson) return { type: 'Feature', properties: '', geometry: { type: 'Polygon', coordinates: [ring] } };
  return { multipolygon: [{ polygon: [{ points: ring.map(([lng, lat]) => ({ lat, lng })) }] }] };
}

function answer(index: DefaultIndex, area: PostalArea, req: PostalcodeRequest): Place {
  const where = placeOf(index, area);
  const town = [area.code, where.district].filter(Boolean).join(' ');
  const place: Place = {
    postalcode: area.code,
    address: [town, where.state, where.country].filter(Boolean).join(', '),
    ...where,
    geopoint: { lat: area.lat, lng: area.lon },
  };
  if (!req.postalcode && req.at) place.distance = Math.round(greatCircleMeters(req.at.lat, req.at.lng, area.lat, area.lon) * 10) / 10;
  if (area.ring) place.boundary = boundary(area.ring, req.format === 'geojson');
  return place;
}

const covered = (areas: PostalAreas) =>
  areas.coverage().length
    ? `the loaded regions hold ${areas
        .coverage()
        .map((c) => `${c.region}: ${c.codes} codes`)
        .join('; ')}`
    : 'no region with an address index is loaded';

export function postalCode(areas: PostalAreas, index: DefaultIndex, req: PostalcodeRequest): PostalcodeResponse {
  if (req.postalcode) {
    const alpha3 = countryOf(index, req.country!);
    const found = areas
      .find(req.postalcode)
      .filter((a) => placeOf(index, a).countryCode === alpha3)
      .sort((a, b) => b.addresses - a.addresses);
    if (!found.length) return { warning: [`postal code "${req.postalcode}" in ${alpha3} is not in the data (${covered(areas)})`] };
    return { places: answer(index, found[0], req) };
  }
  const { lat, lng } = req.at!;
  const area = areas.at(lat, lng, POSTCODE_AT_METERS);
  if (!area) return { warning: [`no address with a postal code within ${POSTCODE_AT_METERS} m of (${lat},${lng}) (${covered(areas)})`] };
  return { places: answer(index, area, req) };
}
