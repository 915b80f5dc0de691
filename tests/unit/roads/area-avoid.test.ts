import { describe, expect, it } from 'vitest';
import { areasKey, pointInArea, prepareArea, segmentTouchesArea } from '../../../shared/roads/area-avoid';
import { buildNetworkFromGeoJSON, NoRouteError } from '../../../shared/roads/index';
import { metricKey } from '../../../shared/roads/metric';
import { BASE_LAT, BASE_LON, DLAT, DLON, gp, gridNetwork } from '../../fixtures/routing/graphs';

// Areas to avoid: which segments touch a polygon (holes, concave shapes, edges crossing without
// an end inside), and what a metric makes of them.

/** A 10 x 10 square with a 4 x 4 hole in the middle, [lon, lat] = [x, y]. */
const square: Array<Array<[number, number]>> = [
  [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ],
  [
    [3, 3],
    [7, 3],
    [7, 7],
    [3, 7],
    [3, 3],
  ],
];
/** A U: the notch x 4..6, y 3..10 is outside. */
const u: Array<Array<[number, number]>> = [
  [
    [0, 0],
    [10, 0],
    [10, 10],
    [6, 10],
    [6, 3],
    [4, 3],
    [4, 10],
    [0, 10],
    [0, 0],
  ],
];

describe('area tests', () => {
  const holed = prepareArea(square);
  const notched = prepareArea(u);
  // segmentTouchesArea takes (lat, lon): y first.
  const seg = (a: ReturnType<typeof prepareArea>, x1: number, y1: number, x2: number, y2: number) => segmentTouchesArea(a, y1, x1, y2, x2);

  it('count a point in a hole as outside', () => {
    expect(pointInArea(holed, 1, 1)).toBe(true);
    expect(pointInArea(holed, 5, 5)).toBe(false);
    expect(pointInArea(holed, 11, 5)).toBe(false);
    expect(pointInArea(notched, 5, 8)).toBe(false);
    expect(pointInArea(notched, 2, 8)).toBe(true);
  });

  it('find segments with an end inside or crossing the boundary, not those wholly outside or in a hole', () => {
    expect(seg(holed, 1, 1, 20, 20)).toBe(true);
    expect(seg(holed, -5, 5, 15, 5)).toBe(true);
    expect(seg(holed, 4, 4, 6, 6)).toBe(false);
    expect(seg(holed, 11, -5, 11, 15)).toBe(false);
    // Across the notch's mouth from outside to outside, through the arms.
    expect(seg(notched, -1, 8, 11, 8)).toBe(true);
    // Down the notch, never inside.
    expect(seg(notched, 5, 12, 5, 4)).toBe(false);
  });

  it('key equal shapes alike and different shapes apart', () => {
    expect(areasKey(undefined)).toBe('');
    expect(areasKey([square])).toBe(areasKey([structuredClone(square)]));
    expect(areasKey([square])).not.toBe(areasKey([u]));
  });

  it('stay quick on a polygon of thousands of vertices', () => {
    const ring: Array<[number, number]> = Array.from({ length: 4000 }, (_, i) => {
      const t = (2 * Math.PI * i) / 4000;
      const r = 1 + 0.2 * Math.sin(12 * t);
      return [r * Math.cos(t), r * Math.sin(t)];
    });
    ring.push(ring[0]);
    const a = prepareArea([ring]);
    const started = performance.now();
    let hits = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = -2 + (4 * (i % 317)) / 317;
      const y = -2 + (4 * Math.floor(i / 317)) / 316;
      if (segmentTouchesArea(a, y, x, y + 0.001, x + 0.001)) hits++;
    }
    expect(hits).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('areas in a metric', () => {
  const net = buildNetworkFromGeoJSON(gridNetwork(5, 3), { name: 'grid' });
  const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });
  /** A small diamond around grid point (2, 1): the middle row's crossing. */
  const diamond = (x: number, y: number) =>
    [[gp(x - 0.3, y), gp(x, y - 0.3), gp(x + 0.3, y), gp(x, y + 0.3), gp(x - 0.3, y)]] as Array<Array<[number, number]>>;

  it('route around an area, and fail when no way around is left', () => {
    expect(net.route([P(0, 1), P(4, 1)]).distance).toBeCloseTo(400, 0);
    const around = net.route([P(0, 1), P(4, 1)], { avoid: { areas: [diamond(2, 1)] } });
    expect(around.distance).toBeCloseTo(600, 0);
    // A wall across the grid between x = 1 and x = 3.
    const wall = [[gp(1.5, -1), gp(2.5, -1), gp(2.5, 3), gp(1.5, 3), gp(1.5, -1)]] as Array<Array<[number, number]>>;
    expect(() => net.route([P(0, 1), P(4, 1)], { avoid: { areas: [wall] } })).toThrow(NoRouteError);
  });

  it('give areas their own metric key', () => {
    expect(metricKey(net.graph, { avoid: { areas: [diamond(2, 1)] } })).not.toBe(metricKey(net.graph, {}));
    expect(metricKey(net.graph, { avoid: { areas: [diamond(2, 1)] } })).toBe(metricKey(net.graph, { avoid: { areas: [diamond(2, 1)] } }));
  });
});
