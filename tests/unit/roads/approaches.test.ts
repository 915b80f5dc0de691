// The engine additions the optimization service relies on: curb approaches (arrive and leave with
// the point on the right), the service_road avoid, and the nearest road's foot point.
import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON } from '../../../shared/roads/index';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork, serviceYardNetwork, way, type FC } from '../../fixtures/routing/graphs';

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });

describe('curb approaches', () => {
  // Rows run west to east; the stop lies 10 m north of row 0, halfway between x = 1 and x = 2.
  const net = buildNetworkFromGeoJSON(gridNetwork(5, 5), { name: 'grid' });
  const origin = P(0, 0);
  const north = P(1.5, 0.1);
  const south = P(1.5, -0.1);

  it('reaches a stop on the left of the direct way from the other side', () => {
    const free = net.matrix([origin, north]);
    const curb = net.matrix([origin, north], { approaches: [undefined, 'curb'] });
    expect(free.distances[1]).toBeCloseTo(150, 0);
    // Arriving driving west: no u-turn at an intersection (only at dead ends and turning
    // circles), so round the block x = 1..2, y = 0..1 and back along row 0 from x = 2.
    expect(curb.distances[1]).toBeCloseTo(450, 0);
    const route = net.route([origin, north], { approaches: [undefined, 'curb'] });
    expect(route.distance).toBeCloseTo(450, 0);
  });

  it('changes nothing for a stop already on the right', () => {
    const curb = net.matrix([origin, south], { approaches: [undefined, 'curb'] });
    expect(curb.distances[1]).toBeCloseTo(150, 0);
  });

  it('also leaves a curb stop the way it faces', () => {
    // Facing west at the north stop: to reach x = 3 on row 0 it first drives west to x = 1 and,
    // with no u-turn there, round the block by (1, 1) and (2, 1).
    const free = net.matrix([north, P(3, 0)]);
    const curb = net.matrix([north, P(3, 0)], { approaches: ['curb', undefined] });
    expect(free.distances[1]).toBeCloseTo(150, 0);
    expect(curb.distances[1]).toBeCloseTo(450, 0);
  });

  it('is not applied on a one-way road the stop lies on the wrong side of', () => {
    const oneway: FC = {
      type: 'FeatureCollection',
      features: [
        way(
          [
            [0, 0],
            [4, 0],
          ],
          { highway: 'residential', oneway: 'yes' },
        ),
      ],
    };
    const line = buildNetworkFromGeoJSON(oneway, { name: 'line' });
    const m = line.matrix([P(0, 0), P(2, 0.1)], { approaches: [undefined, 'curb'] });
    expect(m.distances[1]).toBeCloseTo(200, 0);
  });
});

describe('avoid service roads', () => {
  // A to B: a 400 m service road, or a 1000 m residential detour (slower to drive than the service road).
  const fc = serviceYardNetwork();
  const net = buildNetworkFromGeoJSON(fc, { name: 'yard' });

  it('takes the service road unless asked to avoid it, and then the detour', () => {
    expect(net.matrix([P(0, 0), P(4, 0)]).distances[1]).toBeCloseTo(400, 0);
    expect(net.matrix([P(0, 0), P(4, 0)], { avoid: { serviceRoad: true } }).distances[1]).toBeCloseTo(1000, 0);
  });
});

describe('the nearest road', () => {
  it("gives the point's foot on the segment", () => {
    const net = buildNetworkFromGeoJSON(gridNetwork(3, 3), { name: 'grid' });
    const road = net.roadAt(BASE_LAT + 0.1 * DLAT, BASE_LON + 0.5 * DLON)!;
    expect(road.location.lat).toBeCloseTo(BASE_LAT, 6);
    expect(road.location.lon).toBeCloseTo(BASE_LON + 0.5 * DLON, 6);
  });
});
