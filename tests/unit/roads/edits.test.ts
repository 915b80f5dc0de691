// The road editor's edits on a small grid: closures, speeds, truck limits and turn bans change
// routes for the profiles they bind, Dijkstra and the hierarchy agree, and a new edit set is a
// new metric while the same set reuses the cached one.
import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON, type Network } from '../../../shared/roads/index';
import type { RoadEdit, RouteOptions } from '../../../shared/roads/types';
import { gridNetwork } from '../../fixtures/routing/graphs';
import { P } from '../../fixtures/routing/turn-graphs';

const at = (x: number, y: number): [number, number] => [P(x, y).lat, P(x, y).lon];
const edits = (key: string, ...items: RoadEdit[]) => ({ edits: { key, items } });

function route(net: Network, a: [number, number], b: [number, number], o: RouteOptions = {}) {
  const from = { lat: a[0], lon: a[1] };
  const to = { lat: b[0], lon: b[1] };
  const plain = net.route([from, to], { ...o, method: 'dijkstra' });
  const ch = net.route([from, to], { ...o, method: 'ch' });
  expect(ch.distance).toBeCloseTo(plain.distance, 3);
  expect(ch.duration).toBeCloseTo(plain.duration, 3);
  return plain;
}

describe('road edits', () => {
  const net = buildNetworkFromGeoJSON(gridNetwork(4, 3));
  // along row 0 from (0,0) to (3,0): 300 m straight on
  const start = at(0, 0);
  const end = at(3, 0);

  it('a closure of one road makes routes go around it, for the profiles it binds only', () => {
    const closure: RoadEdit = { kind: 'closure', profiles: ['car'], chains: [[at(1, 0), at(2, 0)]] };
    expect(route(net, start, end).distance).toBeCloseTo(300, 0);
    expect(route(net, start, end, edits('c1', closure)).distance).toBeCloseTo(500, 0);
    expect(route(net, start, end, { profile: 'truck', ...edits('c1', closure) }).distance).toBeCloseTo(300, 0);
    // one way only: the reverse direction is still open
    expect(route(net, end, start, edits('c1', closure)).distance).toBeCloseTo(300, 0);
  });

  it('an area closes every road with a point inside it, both ways', () => {
    const [lat, lon] = at(1.5, 0);
    const d = 0.0002;
    const box = [
      [
        [lon - d, lat - d],
        [lon + d, lat - d],
        [lon + d, lat + d],
        [lon - d, lat + d],
        [lon - d, lat - d],
      ] as [number, number][],
    ];
    const closure: RoadEdit = { kind: 'closure', profiles: ['car'], area: box };
    expect(route(net, start, end, edits('a1', closure)).distance).toBeCloseTo(500, 0);
    expect(route(net, end, start, edits('a1', closure)).distance).toBeCloseTo(500, 0);
  });

  it('a fixed speed sets the travel time; a speed limit only caps it', () => {
    // one road, no way around: the edited speed is the time
    const road = buildNetworkFromGeoJSON(gridNetwork(4, 1));
    const chain = [[at(0, 0), at(1, 0), at(2, 0), at(3, 0)]];
    const free = route(road, start, end);
    const fixed = route(road, start, end, edits('f1', { kind: 'fixedspeed', profiles: ['car'], chains: chain, speedKmh: 10 }));
    // 300 m at 10 km/h
    expect(fixed.duration).toBeCloseTo(108, 0);
    const loose = route(road, start, end, edits('m1', { kind: 'maxspeed', profiles: ['car'], chains: chain, speedKmh: 200 }));
    expect(loose.duration).toBeCloseTo(free.duration, 3);
    const tight = route(road, start, end, edits('m2', { kind: 'maxspeed', profiles: ['car'], chains: chain, speedKmh: 15 }));
    expect(tight.duration).toBeCloseTo(72, 0);
  });

  it('a truck limit turns away the trucks above it, not smaller ones nor cars', () => {
    const limit: RoadEdit = { kind: 'truck', profiles: ['truck'], chains: [[at(1, 0), at(2, 0)]], truck: { weightKg: 7500 } };
    const heavy = { profile: 'truck' as const, truck: { weightKg: 12000 } };
    expect(route(net, start, end, { ...heavy, ...edits('t1', limit) }).distance).toBeCloseTo(500, 0);
    expect(route(net, start, end, { profile: 'truck', truck: { weightKg: 3000 }, ...edits('t1', limit) }).distance).toBeCloseTo(300, 0);
    expect(route(net, start, end, edits('t1', { ...limit, profiles: ['car'] })).distance).toBeCloseTo(300, 0);
  });

  it('a banned turn is not taken: the route turns elsewhere or goes around the block', () => {
    // (0,0) -> (1,1): left at (1,0) or right at (0,1), both 200 m
    const viaCorner = (x: number, y: number) => (r: ReturnType<typeof route>) =>
      r.legs[0].coordinates!.some(([lat, lon]) => Math.abs(lat - at(x, y)[0]) < 1e-7 && Math.abs(lon - at(x, y)[1]) < 1e-7);
    const left: RoadEdit = { kind: 'turn', profiles: ['car'], turn: [at(0, 0), at(1, 0), at(1, 1)] };
    const right: RoadEdit = { kind: 'turn', profiles: ['car'], turn: [at(0, 0), at(0, 1), at(1, 1)] };
    const noLeft = route(net, start, at(1, 1), edits('b1', left));
    expect(viaCorner(0, 1)(noLeft)).toBe(true);
    const noRight = route(net, start, at(1, 1), edits('b2', right));
    expect(viaCorner(1, 0)(noRight)).toBe(true);
    expect(route(net, start, at(1, 1), edits('b3', left, right)).distance).toBeGreaterThan(200 + 1);
  });

  it('keys the metric by the edit set: the same set is reused, a changed one rebuilt', () => {
    const closure: RoadEdit = { kind: 'closure', profiles: ['car'], chains: [[at(1, 0), at(2, 0)]] };
    const a = net.metricFor(edits('k1', closure));
    expect(net.metricFor(edits('k1', closure))).toBe(a);
    expect(net.metricFor(edits('k2', closure))).not.toBe(a);
    expect(net.metricFor({})).not.toBe(a);
  });

  it('keeps edited metrics apart: many edit sets never push out the shared plain metric', () => {
    const closure: RoadEdit = { kind: 'closure', profiles: ['car'], chains: [[at(1, 0), at(2, 0)]] };
    const plain = net.metricFor({});
    for (let i = 0; i < 20; i++) net.metricFor(edits(`many${i}`, closure));
    expect(net.metricFor({})).toBe(plain);
  });

  it('skips positions that match no road', () => {
    const nowhere: RoadEdit = { kind: 'closure', profiles: ['car'], chains: [[at(0.5, 0.5), at(0.6, 0.5)]] };
    expect(route(net, start, end, edits('n1', nowhere)).distance).toBeCloseTo(300, 0);
  });
});
