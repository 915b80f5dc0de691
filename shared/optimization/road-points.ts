// Where the result's stops meet the road network, and how each routing profile's travel was
// computed. Per step with a location, when a loaded road network covers the route:
//   - `snapped_location`: the point on the road the routing engine routes from and to for the
//     vehicle's profile (the nearest road that profile may use under the request's restrictions,
//     in the connected part of the network), [lat, lon];
//   - `projected_location`: the perpendicular foot of the location on the nearest road segment
//     of any kind, [lat, lon] (a private or service road the profile may not use included).
// Both are absent when no loaded network covers the route, or no road lies within the engine's
// snap distance (SNAP_DISTANCE_M) of the location.
import { SNAP_DISTANCE_M } from '../roads';
import { roadNetworks } from '../routing/loaded-networks';
import type { ClientResult, RoutingProfileUsed } from './client-result';
import { idKey } from './ids';
import { avoidEntries, vehicleProfile } from './validate/routing';
import { profilesOf, travelOptions } from './matrices';
import type { OptimizationRequest } from './schemas';

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const pair = (p: { lat: number; lon: number }): [number, number] => [round6(p.lat), round6(p.lon)];

/** Adds `snapped_location` and `projected_location` to the steps of `result` (see the header). */
export function addRoadPoints(result: ClientResult, req: OptimizationRequest): void {
  const registry = roadNetworks();
  const profiles = new Map(req.vehicles.map((v, i) => [idKey(v.id), vehicleProfile(req, i)]));
  const cache = new Map<string, { snapped?: [number, number]; projected?: [number, number] }>();
  for (const route of result.routes) {
    const located = route.steps.filter((s) => s.location);
    const net = located.length ? registry.find(located.map((s) => ({ lat: s.location![0], lon: s.location![1] }))) : undefined;
    if (!net) continue;
    const profile = profiles.get(idKey(route.vehicle)) ?? 'car';
    const options = travelOptions(req, profile);
    for (const step of located) {
      const [lat, lon] = step.location!;
      const key = `${profile}|${lat},${lon}`;
      let found = cache.get(key);
      if (!found) {
        found = {};
        try {
          found.snapped = pair(net.snap({ lat, lon }, options));
        } catch {
          // No road the profile may use within the snap distance: no snapped location.
        }
        const road = net.roadAt(lat, lon, SNAP_DISTANCE_M);
        if (road) found.projected = pair(road.location);
        cache.set(key, found);
      }
      if (found.snapped) step.snapped_location = found.snapped;
      if (found.projected) step.projected_location = found.projected;
    }
  }
}

/** Per profile the vehicles use: its mode, where its travel came from and the routing options applied to it. */
export function routingProfiles(req: OptimizationRequest, network: string | undefined): Record<string, RoutingProfileUsed> {
  const routing = req.options?.routing ?? {};
  const out: Record<string, RoutingProfileUsed> = {};
  for (const name of profilesOf(req)) {
    const mode = travelOptions(req, name).profile ?? 'car';
    const used: RoutingProfileUsed = { mode, travel: req.duration_matrix ? 'request' : network ? 'road_network' : 'great_circle' };
    if (used.travel === 'road_network') {
      used.network = network;
      const avoid = avoidEntries(routing.avoid);
      if (avoid.length) used.avoid = avoid;
      if (mode === 'truck' && routing.truck_size !== undefined) used.truck_size = routing.truck_size;
      if (mode === 'truck' && routing.truck_weight !== undefined) used.truck_weight = routing.truck_weight;
      if (routing.traffic_timestamp !== undefined) used.traffic_timestamp = routing.traffic_timestamp;
    }
    out[name] = used;
  }
  return out;
}
