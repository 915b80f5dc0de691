import type { OptimizationRequest } from '../schemas';
import { parseLatLon } from '../geo';
import type { LatLonPair } from '../../geo/types';
import type { AddIssue } from './issues';

/** Malformed locations reported one by one at most; a list of 4000 bad ones says so in 5 lines. */
const MAX_REPORTED = 5;

/** `locations.location` parsed; a malformed entry stands as [0, 0] so later rules still run. */
export function parseLocations(req: OptimizationRequest, add: AddIssue): LatLonPair[] {
  let bad = 0;
  return req.locations.location.map((text, i) => {
    const p = parseLatLon(text);
    if (p) return p;
    if (bad++ < MAX_REPORTED) add(`locations.location[${i}]`, 'must be "lat,lon" with lat in [-90, 90] and lon in [-180, 180]');
    return [0, 0];
  });
}
