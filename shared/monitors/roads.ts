import { roadNetworks } from '../routing/loaded-networks';
import type { NetworkRegistry } from '../routing';

// Road speed limits for use_admin_speed_limit monitors, from the road networks
// this process serves (shared/routing/loaded-networks.ts; the artefacts carry each way's OSM
// maxspeed). A point takes the limit of the road it is on: the nearest segment
// within ROAD_AT_DISTANCE_M (30 m) of the smallest network covering it.

let override: NetworkRegistry | null | undefined;

/** Replaces the road networks used for speed limits (null: none; undefined: back to shared/routing/loaded-networks). */
export function setSpeedLimitRegistry(r: NetworkRegistry | null | undefined): void {
  override = r;
}

function registry(): NetworkRegistry | null {
  return override === undefined ? roadNetworks() : override;
}

/** Whether any road network is loaded, i.e. whether use_admin_speed_limit can ever find a limit. */
export function roadSpeedLimitsAvailable(): boolean {
  return (registry()?.size ?? 0) > 0;
}

/** The tagged speed limit of the road at a point, m/s; undefined where none is known. */
export function roadSpeedLimitAt(lat: number, lon: number): number | undefined {
  const r = registry();
  if (!r || r.size === 0) return undefined;
  const kmh = r.roadAt({ lat, lon })?.maxspeed;
  return kmh === undefined ? undefined : kmh / 3.6;
}
