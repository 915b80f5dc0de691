import { roadNetworks } from '../routing/loaded-networks';

// Road speed limits for use_admin_speed_limit monitors, from the road networks
// this process serves (shared/routing/loaded-networks.ts; the artefacts carry each way's OSM
// maxspeed). A point takes the limit of the road it is on: the nearest segment
// within ROAD_AT_DISTANCE_M (30 m) of the smallest network covering it.

/** Whether any road network is loaded, i.e. whether use_admin_speed_limit can ever find a limit. */
export function roadSpeedLimitsAvailable(): boolean {
  return roadNetworks().size > 0;
}

/** The tagged speed limit of the road at a point, m/s; undefined where none is known. */
export function roadSpeedLimitAt(lat: number, lon: number): number | undefined {
  const r = roadNetworks();
  if (r.size === 0) return undefined;
  const kmh = r.roadAt({ lat, lon })?.maxspeed;
  return kmh === undefined ? undefined : kmh / 3.6;
}
