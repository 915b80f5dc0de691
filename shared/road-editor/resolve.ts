import { haversineMeters } from '../geo/sphere';
import { invalid, unprocessable } from '../platform/errors';
import { parseCondition } from '../roads/conditions';
import { edgeFromTo } from '../roads/edits';
import type { Network } from '../roads/network';
import type { NetworkRegistry } from '../roads/registry';
import { RoutingError } from '../roads/types';
import type { LatLonTuple } from '../roads/types';
import type { Direction, Placement, RestrictionInput, RestrictionType } from './model';

// A restriction's place on its network (`area`): the caller's node numbers, track or polygon
// turned into map terms at write time. Node numbers are the network's own (those /map/segments
// and /restrictions_items show); positions keep the restriction valid after a re-import.

/** A route along a track may run this many times the track's straight length before it is refused. */
const TRACK_DETOUR = 3;

export function networkOf(registry: NetworkRegistry, area: string): Network {
  const net = registry.get(area);
  if (!net) {
    const names = registry.list().map((n) => n.name);
    throw invalid('area', `must name a loaded road network (${names.join(', ') || 'none is loaded'})`);
  }
  return net;
}

const positionOf = (net: Network, node: number): LatLonTuple => [net.graph.data.lat[node], net.graph.data.lon[node]];

const joined = (net: Network, u: number, v: number) => edgeFromTo(net.graph, u, v) !== undefined;

function checkNode(net: Network, node: number, field: string): void {
  if (node >= net.graph.nodeCount) throw invalid(field, `is not a node of network "${net.name}" (it has ${net.graph.nodeCount})`);
}

function oriented(chain: LatLonTuple[], direction: Direction): LatLonTuple[][] {
  const back = [...chain].reverse();
  return direction === 'forward' ? [chain] : direction === 'backward' ? [back] : [chain, back];
}

function segmentChains(net: Network, segments: NonNullable<RestrictionInput['segments']>, direction: Direction): LatLonTuple[][] {
  return segments.flatMap((s, i) => {
    checkNode(net, s.from, `segments[${i}].from`);
    checkNode(net, s.to, `segments[${i}].to`);
    if (!joined(net, s.from, s.to) && !joined(net, s.to, s.from))
      throw invalid(`segments[${i}]`, `no road joins node ${s.from} to node ${s.to}`);
    return oriented([positionOf(net, s.from), positionOf(net, s.to)], direction);
  });
}

/** [lat, lon] of a pair the caller gave as latlon says (default [lon, lat], as GeoJSON). */
const latLonOf = (p: number[], latlon: boolean): LatLonTuple => (latlon ? [p[0], p[1]] : [p[1], p[0]]);

function trackChains(net: Network, track: number[][], latlon: boolean, direction: Direction): LatLonTuple[][] {
  const points = track.map((p) => latLonOf(p, latlon));
  points.forEach(([lat, lon], i) => {
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180)
      throw invalid(`tracks[${i}]`, `is not a position${latlon ? '' : ' ([lon, lat] unless latlon=true)'}`);
  });
  let route;
  try {
    route = net.route(
      points.map(([lat, lon]) => ({ lat, lon })),
      { profile: 'car', snapToAnyComponent: true },
    );
  } catch (error) {
    if (error instanceof RoutingError) throw unprocessable(`tracks: ${error.message}`, 'tracks');
    throw error;
  }
  let straight = 0;
  for (let i = 1; i < points.length; i++)
    straight += haversineMeters({ lat: points[i - 1][0], lon: points[i - 1][1] }, { lat: points[i][0], lon: points[i][1] });
  if (route.distance > TRACK_DETOUR * straight + 100)
    throw unprocessable(
      `tracks: the roads along it run ${Math.round(route.distance)} m for ${Math.round(straight)} m of track; draw it along one road`,
      'tracks',
    );
  const chain = route.legs.flatMap((leg, i) => (leg.coordinates ?? []).slice(i === 0 ? 0 : 1)) as LatLonTuple[];
  return oriented(chain, direction);
}

function turnPositions(net: Network, turns: NonNullable<RestrictionInput['turns']>): Array<[LatLonTuple, LatLonTuple, LatLonTuple]> {
  return turns.map((t, i) => {
    for (const k of ['from', 'via', 'to'] as const) checkNode(net, t[k], `turns[${i}].${k}`);
    if (!joined(net, t.from, t.via) || !joined(net, t.via, t.to))
      throw invalid(`turns[${i}]`, `is not a turn: a road must lead from node ${t.from} into node ${t.via} and on to node ${t.to}`);
    if (t.from === t.to)
      throw invalid(`turns[${i}]`, 'turns back onto the road it came from: that is a u-turn, which the engine rules itself');
    return [positionOf(net, t.from), positionOf(net, t.via), positionOf(net, t.to)];
  });
}

function geofenceRing(geofence: number[][], latlon: boolean): Array<[number, number]> {
  const ring = geofence.map((p) => latLonOf(p, latlon)).map(([lat, lon]) => [lon, lat] as [number, number]);
  ring.forEach(([lon, lat], i) => {
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw invalid(`geofence[${i}]`, 'is not a position');
  });
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
  return ring;
}

function bboxOf(p: Omit<Placement, 'bbox'>): Placement['bbox'] {
  const pts: LatLonTuple[] = [
    ...(p.chains ?? []).flat(),
    ...(p.turns ?? []).flat(),
    ...(p.area ?? []).flat().map(([lon, lat]) => [lat, lon] as LatLonTuple),
  ];
  const lats = pts.map((q) => q[0]);
  const lons = pts.map((q) => q[1]);
  return [Math.min(...lats), Math.min(...lons), Math.max(...lats), Math.max(...lons)];
}

/** Where the restriction lies on its network; 400 naming the field when it names no road or turn. */
export function resolvePlacement(net: Network, type: RestrictionType, input: RestrictionInput, latlon: boolean): Placement {
  if (input.repeat_on && !parseCondition(input.repeat_on))
    throw invalid('repeat_on', 'must be opening_hours weekdays and times, e.g. "Mo-Fr 07:00-09:00; Sa 10:00-12:00"');
  if (type === 'fixedspeed' && input.speed === undefined) throw invalid('speed', 'is required for a fixedspeed restriction');
  if (type === 'maxspeed' && input.speed_limit === undefined) throw invalid('speed_limit', 'is required for a maxspeed restriction');
  if (type === 'truck' && !input.weight && !input.height && !input.length && !input.width)
    throw invalid('weight', 'a truck restriction needs at least one of weight, height, length and width above 0');
  const direction = input.direction ?? 'both';
  const placed: Omit<Placement, 'bbox'> = {};
  if (type === 'turn') {
    if (!input.turns?.length) throw invalid('turns', 'is required for a turn restriction (a from, via and to node each)');
    placed.turns = turnPositions(net, input.turns);
  } else {
    const chains: LatLonTuple[][] = [];
    if (input.segments?.length) chains.push(...segmentChains(net, input.segments, direction));
    if (input.tracks?.length) chains.push(...trackChains(net, input.tracks, latlon, direction));
    if (chains.length) placed.chains = chains;
    if (input.geofence?.length) placed.area = [geofenceRing(input.geofence, latlon)];
    if (!placed.chains && !placed.area)
      throw invalid('segments', `one of segments, tracks or geofence is required for a ${type} restriction`);
  }
  return { ...placed, bbox: bboxOf(placed) };
}
