import { unprocessable } from '../platform/errors';
import type { GeoJsonPolygon, LatLon } from '../geo';
import type { NetworkRegistry } from '../roads';

export interface IsochroneRequest {
  start: LatLon;
  /** Exactly one of minutes or meters. */
  minutes?: number;
  meters?: number;
  mode: 'car' | 'truck';
  denoise: number;
  /** Unix seconds; selects the time-of-day traffic factors. */
  departureTime?: number;
}

/** Computes the reachable area on a road network, or refuses with a 422 saying why. */
export type IsochroneProvider = (request: IsochroneRequest) => Promise<GeoJsonPolygon>;

/** Used when no road network is loaded: never a made-up circle in place of real roads. */
export const withoutRoadNetwork: IsochroneProvider = async (request) => {
  throw unprocessable(
    `isochrone.coordinates: no road network covers ${request.start.lat},${request.start.lon}; ` +
      'load one with `npm run network -- import <file>` (see README "Road networks")',
    'isochrone.coordinates',
  );
};

/** Isochrones on the loaded road networks (shared/routing/loaded-networks.ts). */
export function onRoadNetworks(networks: () => NetworkRegistry): IsochroneProvider {
  return async (request) => {
    if (!networks().find([request.start])) return withoutRoadNetwork(request);
    const result = networks().isochrone(request.start, {
      profile: request.mode,
      minutes: request.minutes,
      meters: request.meters,
      denoise: request.denoise,
      trafficTimestamp: request.departureTime,
    });
    return result.polygon as GeoJsonPolygon;
  };
}
