// Turn restrictions, barriers, destination-only roads and tunnels on a 3 x 3 grid of 100 m blocks, in the
// turn graph of both search algorithms.
import { describe, expect, it } from 'vitest';
import type { Network } from '../../../shared/roads/index';
import { FLAG_DEST_CAR, FLAG_TUNNEL, NODE_BARRIER_CAR, RESTRICT_CAR, RESTRICT_ONLY, RESTRICT_TRUCK } from '../../../shared/roads/profiles';
import type { TravelOptions } from '../../../shared/roads/types';
import { gridNetwork } from '../../fixtures/routing/graphs';
import { networkWith, P } from '../../fixtures/routing/turn-graphs';

const BOTH = RESTRICT_CAR | RESTRICT_TRUCK;

/** Route distance by Dijkstra, by the hierarchy, and the matrix's: all three must agree. */
function metres(net: Network, from: { lat: number; lon: number }, to: { lat: number; lon: number }, o: TravelOptions = {}): number {
  const d = net.route([from, to], { ...o, method: 'dijkstra' }).distance;
  expect(net.route([from, to], { ...o, method: 'ch' }).distance).toBeCloseTo(d, 3);
  expect(net.matrix([from, to], { ...o, method: 'ch' }).distances[1]).toBeCloseTo(d, 3);
  expect(net.matrix([from, to], { ...o, method: 'dijkstra' }).distances[1]).toBeCloseTo(d, 3);
  return d;
}

const plain = networkWith(gridNetwork(3, 3), () => {});

describe('turn restrictions', () => {
  it('no_left_turn: east along row 1, no left at (1, 1)', () => {
    const net = networkWith(gridNetwork(3, 3), (g) =>
      g.restrict(
        [
          [0, 1],
          [1, 1],
          [1, 2],
        ],
        BOTH,
      ),
    );
    expect(metres(plain, P(0.5, 1), P(1, 1.5))).toBeCloseTo(100, 0);
    // set off west instead: round (0, 1), (0, 2), (1, 2) and south to the point
    expect(metres(net, P(0.5, 1), P(1, 1.5))).toBeCloseTo(300, 0);
    // the other way through the junction is not restricted
    expect(metres(net, P(1, 1.5), P(0.5, 1))).toBeCloseTo(100, 0);
  });

  it('only_straight_on: from (0, 1) through (1, 1) only on to (2, 1)', () => {
    const net = networkWith(gridNetwork(3, 3), (g) =>
      g.restrict(
        [
          [0, 1],
          [1, 1],
          [2, 1],
        ],
        BOTH | RESTRICT_ONLY,
      ),
    );
    expect(metres(plain, P(0.5, 1), P(1, 0.5))).toBeCloseTo(100, 0);
    expect(metres(net, P(0.5, 1), P(1, 0.5))).toBeCloseTo(300, 0);
    expect(metres(net, P(0.5, 1), P(2, 1.5))).toBeCloseTo(200, 0);
  });

  it('via way: no left at (2, 1) only after driving (0, 1) -> (1, 1) -> (2, 1)', () => {
    const net = networkWith(gridNetwork(3, 3), (g) =>
      g.restrict(
        [
          [0, 1],
          [1, 1],
          [2, 1],
          [2, 2],
        ],
        BOTH,
      ),
    );
    expect(metres(plain, P(0.5, 1), P(2, 1.5))).toBeCloseTo(200, 0);
    // left at (1, 1) instead, east along row 2 and south: 300 m
    expect(metres(net, P(0.5, 1), P(2, 1.5))).toBeCloseTo(300, 0);
    // starting on the via way the from way was never driven: the turn is allowed
    expect(metres(net, P(1.5, 1), P(2, 1.5))).toBeCloseTo(100, 0);
  });

  it('applies per mode', () => {
    const net = networkWith(gridNetwork(3, 3), (g) =>
      g.restrict(
        [
          [0, 1],
          [1, 1],
          [1, 2],
        ],
        RESTRICT_TRUCK,
      ),
    );
    expect(metres(net, P(0.5, 1), P(1, 1.5), { profile: 'car' })).toBeCloseTo(100, 0);
    expect(metres(net, P(0.5, 1), P(1, 1.5), { profile: 'truck' })).toBeCloseTo(300, 0);
  });

  it('conditional restriction applies at departures inside its hours only', () => {
    const net = networkWith(gridNetwork(3, 3), (g) =>
      g.restrict(
        [
          [0, 1],
          [1, 1],
          [1, 2],
        ],
        BOTH,
        'Mo-Fr 07:00-09:00',
      ),
    );
    expect(net.graph.data.meta.utcOffsetMinutes).toBe(60);
    const mondayLocal = (h: number) => Date.UTC(2026, 10, 30, h - 1, 0) / 1000; // 2026-11-30 is a Monday
    expect(metres(net, P(0.5, 1), P(1, 1.5), { trafficTimestamp: mondayLocal(8) })).toBeCloseTo(300, 0);
    expect(metres(net, P(0.5, 1), P(1, 1.5), { trafficTimestamp: mondayLocal(12) })).toBeCloseTo(100, 0);
    // without a departure time a conditional restriction is not applied
    expect(metres(net, P(0.5, 1), P(1, 1.5))).toBeCloseTo(100, 0);
  });
});

describe('barriers and destination-only roads', () => {
  it('a barrier is not passed by the mode it stops', () => {
    const net = networkWith(gridNetwork(3, 3), (g) => (g.data.nodeFlags[g.node([1, 1])] = NODE_BARRIER_CAR));
    expect(metres(net, P(0.5, 1), P(1.5, 1), { profile: 'truck' })).toBeCloseTo(100, 0);
    // the car goes round by (0, 1), (0, 0), (2, 0) and (2, 1): 50 + 100 + 200 + 100 + 50
    expect(metres(net, P(0.5, 1), P(1.5, 1), { profile: 'car' })).toBeCloseTo(500, 0);
    // a route may still start or end next to it
    expect(metres(net, P(0.5, 1), P(0.9, 1), { profile: 'car' })).toBeCloseTo(40, 0);
  });

  it('destination-only roads only at the start or end of a route', () => {
    const net = networkWith(gridNetwork(3, 3), (g) => {
      g.data.flags[g.edge([1, 1], [1, 2])] |= FLAG_DEST_CAR;
      g.data.flags[g.edge([1, 2], [1, 1])] |= FLAG_DEST_CAR;
    });
    expect(metres(plain, P(1, 0.5), P(0.5, 2))).toBeCloseTo(200, 0);
    // not through (1, 1) -> (1, 2): west along row 1, north at (0, 1), east to the point
    expect(metres(net, P(1, 0.5), P(0.5, 2))).toBeCloseTo(300, 0);
    expect(metres(net, P(1, 0.5), P(1, 1.5))).toBeCloseTo(100, 0);
    expect(metres(net, P(1, 1.5), P(1, 0.5))).toBeCloseTo(100, 0);
    expect(metres(net, P(1, 0.5), P(0.5, 2), { profile: 'truck' })).toBeCloseTo(200, 0);
  });

  it('tunnels: avoided softly, excluded hard', () => {
    const net = networkWith(gridNetwork(3, 3), (g) => {
      g.data.flags[g.edge([1, 1], [2, 1])] |= FLAG_TUNNEL;
      g.data.flags[g.edge([2, 1], [1, 1])] |= FLAG_TUNNEL;
    });
    expect(metres(net, P(0.5, 1), P(2, 1.5))).toBeCloseTo(200, 0);
    // left at (1, 1), along row 2 and right at (2, 2): 300 m instead of through the tunnel
    expect(metres(net, P(0.5, 1), P(2, 1.5), { avoid: { tunnel: true } })).toBeCloseTo(300, 0);
    expect(metres(net, P(0.5, 1), P(2, 1.5), { avoid: { exclude: { tunnel: true } } })).toBeCloseTo(300, 0);
  });
});
