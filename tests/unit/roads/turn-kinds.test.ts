// Turn kinds avoided (soft) or excluded (hard), sharp turns and u-turns, on small hand-made graphs.
import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON, NoRouteError, type Network } from '../../../shared/roads/index';
import type { RouteOptions } from '../../../shared/roads/types';
import { gridNetwork, way } from '../../fixtures/routing/graphs';
import { networkWith, P } from '../../fixtures/routing/turn-graphs';
import { NODE_UTURN } from '../../../shared/roads/profiles';

type Pt = { lat: number; lon: number };

function route(net: Network, a: Pt, b: Pt, o: RouteOptions = {}) {
  const r = net.route([a, b], { ...o, method: 'dijkstra' });
  const ch = net.route([a, b], { ...o, method: 'ch' });
  expect(ch.distance).toBeCloseTo(r.distance, 3);
  expect(ch.duration).toBeCloseTo(r.duration, 3);
  return r;
}

describe('left and right turns', () => {
  const grid = buildNetworkFromGeoJSON(gridNetwork(3, 3));
  it('costs a left turn more than a right one', () => {
    const left = route(grid, P(0.5, 1), P(1, 1.5));
    const right = route(grid, P(0.5, 1), P(1, 0.5));
    expect(left.distance).toBeCloseTo(right.distance, 1);
    expect(left.duration - right.duration).toBeCloseTo(4, 2);
  });

  it('excluding left turns takes rights and straights only', () => {
    expect(route(grid, P(0.5, 1), P(1, 1.5)).distance).toBeCloseTo(100, 0);
    // west first: right at (0, 1), the free corner (0, 2), right at (1, 2)
    expect(route(grid, P(0.5, 1), P(1, 1.5), { turns: { exclude: { leftTurn: true } } }).distance).toBeCloseTo(300, 0);
    // 200 m more is cheaper than the 120 s penalty
    expect(route(grid, P(0.5, 1), P(1, 1.5), { turns: { avoid: { leftTurn: true } } }).distance).toBeCloseTo(300, 0);
  });

  it('excluding right turns takes lefts and straights only', () => {
    expect(route(grid, P(0.5, 1), P(1, 0.5)).distance).toBeCloseTo(100, 0);
    expect(route(grid, P(0.5, 1), P(1, 0.5), { turns: { exclude: { rightTurn: true } } }).distance).toBeCloseTo(300, 0);
  });
});

describe('sharp turns', () => {
  // a road west-east with a branch from (1, 0) back north-west to (0, 1): 135 degrees to the left
  const fc = {
    type: 'FeatureCollection' as const,
    features: [
      way(
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        { highway: 'residential' },
      ),
      way(
        [
          [1, 0],
          [0, 1],
        ],
        { highway: 'residential' },
      ),
    ],
  };
  const net = buildNetworkFromGeoJSON(fc);
  const from = P(0.5, 0);
  const to = P(0.5, 0.5);

  it('costs 15 s, or a left turn when the vehicle takes the angle', () => {
    const sharp = route(net, from, to);
    const wide = route(net, from, to, { turns: { sharpTurnAngle: 150 } });
    expect(sharp.distance).toBeCloseTo(wide.distance, 3);
    expect(sharp.duration - wide.duration).toBeCloseTo(15 - 8, 3);
  });

  it('excluded: on to the dead end, turn there and take the branch as a right turn', () => {
    const r = route(net, from, to, { turns: { exclude: { sharpTurn: true } } });
    expect(r.distance).toBeCloseTo(50 + 100 + 100 + 50 * Math.SQRT2, 0);
  });
});

describe('u-turns', () => {
  // one road (0, 0) - (2, 0), dead ends at both ends; curb stops force the direction at each end
  const net = buildNetworkFromGeoJSON({
    type: 'FeatureCollection',
    features: [
      way(
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        { highway: 'residential' },
      ),
    ],
  });
  // leaving (1, 0.05) driving west, arriving at (1.5, -0.05) driving east
  const a = P(1, 0.05);
  const b = P(1.5, -0.05);
  const curb: RouteOptions = { approaches: ['curb', 'curb'] };

  it('turns at a dead end, paying the u-turn penalty', () => {
    const r30 = route(net, a, b, curb);
    const r90 = route(net, a, b, { ...curb, turns: { uturnPenalty: 90 } });
    expect(r30.distance).toBeCloseTo(250, 0);
    expect(r90.duration - r30.duration).toBeCloseTo(60, 3);
    // avoiding adds cost, not time: with no other way the route and its duration stay
    expect(route(net, a, b, { ...curb, turns: { avoid: { uturn: true } } }).duration).toBeCloseTo(r30.duration, 3);
  });

  it('excluded: no route', () => {
    expect(() => net.route([a, b], { ...curb, turns: { exclude: { uturn: true } } })).toThrow(NoRouteError);
  });

  it('is not made at a junction', () => {
    const grid = buildNetworkFromGeoJSON(gridNetwork(3, 3));
    // leave (1.5, 1.05) driving west, arrive at (1.3, 0.95) driving east: round a block back to
    // (1, 1) (at least 400 m), not back at (1, 1) at once (80 m)
    const r = route(grid, P(1.5, 1.05), P(1.3, 0.95), curb);
    expect(r.distance).toBeCloseTo(480, 0);
  });

  it('is made at a turning circle', () => {
    const road = {
      type: 'FeatureCollection' as const,
      features: [
        way(
          [
            [0, 0],
            [1, 0],
            [2, 0],
            [3, 0],
          ],
          { highway: 'residential' },
        ),
      ],
    };
    // leaving (1.5, 0.05) driving west, arriving at (1.8, -0.05) driving east
    const from = P(1.5, 0.05);
    const to = P(1.8, -0.05);
    const plainRoad = networkWith(road, () => {});
    expect(route(plainRoad, from, to, curb).distance).toBeCloseTo(150 + 180, 0);
    const circle = networkWith(road, (g) => (g.data.nodeFlags[g.node([1, 0])] = NODE_UTURN));
    expect(route(circle, from, to, curb).distance).toBeCloseTo(50 + 80, 0);
  });
});
