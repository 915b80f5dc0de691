import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/routing/optimization-v1';
import { NetworkRegistry, type LatLon, type Network } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';
import { gothenburgNetwork } from './client-session';

// GET /optimization/json through its handler, in the client's shapes, against a brute-force
// search over every visiting order of the same road matrix.

const stops: LatLon[] = [
  { lat: 57.70891, lon: 11.97462 },
  { lat: 57.6968, lon: 11.989 },
  { lat: 57.6987, lon: 11.9563 },
  { lat: 57.7205, lon: 11.9401 },
  { lat: 57.7152, lon: 11.9921 },
  { lat: 57.6899, lon: 11.9712 },
];
const text = (points: LatLon[]) => points.map((p) => `${p.lat},${p.lon}`).join('|');

let net: Network;
let key: string;

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

beforeAll(async () => {
  net = gothenburgNetwork();
  setRoadNetworks(new NetworkRegistry().add(net));
  ({ key } = await newOrgKey());
});
afterAll(() => setRoadNetworks(undefined));

describe('GET /optimization/json', () => {
  it('visits every point once in the cheapest round trip', async () => {
    const res = await call(handler, key, {
      method: 'GET',
      path: '/optimization/json',
      query: { coordinates: text(stops), geometries: 'geojson', with_geometry: 'true' },
    });
    expect(res.code).toBe('Ok');
    const trip = res.trips[0];
    expect(trip.legs).toHaveLength(6);
    expect(trip.geojson.geometry.type).toBe('LineString');
    const order = res.waypoints.map((w: { waypoint_index: number }) => w.waypoint_index);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(res.waypoints[0].waypoint_index).toBe(0);
    const m = net.matrix(stops, { profile: 'car' });
    const cost = (tour: number[]) => tour.reduce((a, s, i) => a + m.durations[s * 6 + tour[(i + 1) % tour.length]], 0);
    const best = Math.min(...permutations([1, 2, 3, 4, 5]).map((p) => cost([0, ...p])));
    const visited = [...Array(6).keys()].sort((a, b) => order[a] - order[b]);
    expect(cost(visited)).toBeCloseTo(best, 3);
    expect(trip.legs.every((l: { summary: string; steps: unknown[] }) => l.steps.length > 0)).toBe(true);
  });

  it('fixes the first and last stop of an open trip, and refuses what it cannot plan', async () => {
    const res = await call(handler, key, {
      method: 'GET',
      path: '/optimization/json',
      query: { coordinates: text(stops), roundtrip: 'false', source: 'first', destination: 'last' },
    });
    expect(res.trips[0].legs).toHaveLength(5);
    expect(res.waypoints[0].waypoint_index).toBe(0);
    expect(res.waypoints[5].waypoint_index).toBe(5);
    expect(typeof res.trips[0].geometry).toBe('string');
    const two = await invoke(handler, { query: { key, coordinates: text(stops.slice(0, 2)) } });
    expect(two.body).toMatchObject({ status: 400, field: 'query.coordinates' });
    const far = await invoke(handler, { query: { key, coordinates: `${text(stops.slice(0, 2))}|59.33,18.06` } });
    expect(far.body).toMatchObject({ status: 422, field: 'coordinates[2]' });
    const uneven = await invoke(handler, { query: { key, coordinates: text(stops.slice(0, 3)), approaches: 'curb' } });
    expect(uneven.body).toMatchObject({ status: 400, field: 'query.approaches' });
  });

  it('reaches and leaves a curb stop with it on the right', async () => {
    const { key: own } = await newOrgKey(); // the optimization quota allows 5 requests a second per key
    // 18 m beside Johannebergsgatan, on the left of the direct way in from the station.
    const points = [stops[0], { lat: 57.6968, lon: 11.9841 }, stops[2]];
    const query = { coordinates: text(points), roundtrip: 'false', source: 'first', destination: 'last' };
    const free = await call(handler, own, { method: 'GET', path: '/optimization/json', query });
    const curb = await call(handler, own, { method: 'GET', path: '/optimization/json', query: { ...query, approaches: ';curb;' } });
    const truth = net.route(points, { approaches: [undefined, 'curb', undefined] });
    expect(curb.trips[0].distance).toBeCloseTo(truth.distance, 0);
    expect(curb.trips[0].legs[0].distance).toBeGreaterThan(free.trips[0].legs[0].distance + 100);
  });
});
