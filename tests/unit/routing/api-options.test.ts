import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON, NetworkRegistry, PointTooFarError } from '../../../shared/roads/index';
import { metricKey } from '../../../shared/roads/metric';
import { avoidParam, curbApproaches, excludeParam, MAX_AVOID_GEOFENCES } from '../../../shared/routing/params';
import { directionsBody, distanceMatrixQuery } from '../../../shared/routing/schemas';
import { directions } from '../../../shared/routing/service/directions';
import { travelMatrix } from '../../../shared/routing/service/matrix';
import { trip } from '../../../shared/routing/service/trip';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork, serviceYardNetwork, truckNetwork, type FC } from '../../fixtures/routing/graphs';

// The routing API's side-of-the-road and road-kind options: how `approaches`, `avoid` and
// `exclude` are read, what reaches the engine, and which metrics (and hierarchies) they share.

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });
const text = (p: { lat: number; lon: number }) => `${p.lat},${p.lon}`;
const message = (r: { error?: { issues: Array<{ message: string }> } }) => r.error?.issues.map((i) => i.message).join('; ');

describe('avoid and exclude values', () => {
  const none = { turns: [], geofenceIds: [] };

  it('read service_road as a road kind beside toll, ferry and highway', () => {
    expect(avoidParam.parse('service_road|TOLL')).toEqual({ avoid: { serviceRoad: true, toll: true }, ...none });
    expect(excludeParam.parse('service_road|ferry')).toEqual({ kinds: { serviceRoad: true, ferry: true }, turns: [] });
    expect(excludeParam.parse('none')).toEqual({ kinds: {}, turns: [] });
  });

  it('read turn kinds in avoid and exclude, tunnel as a hard exclusion, and geofence ids apart', () => {
    expect(avoidParam.parse('toll|uturn|sharp_turn|left_turn|right_turn')).toEqual({
      avoid: { toll: true },
      turns: ['uturn', 'sharpTurn', 'leftTurn', 'rightTurn'],
      geofenceIds: [],
    });
    expect(excludeParam.parse('left_turn|toll')).toEqual({ kinds: { toll: true }, turns: ['leftTurn'] });
    expect(avoidParam.parse('tunnel')).toEqual({ avoid: { exclude: { tunnel: true } }, ...none });
    expect(avoidParam.parse('geofence_id:Depot-1|geofence_id:b_2|geofence_id:Depot-1')).toEqual({
      avoid: {},
      turns: [],
      geofenceIds: ['Depot-1', 'b_2'],
    });
  });

  it('refuse what is unknown or malformed by name and rule', () => {
    expect(message(excludeParam.safeParse('bbox:1,2,3,4'))).toMatch(
      /"bbox:1,2,3,4" is not supported; use toll, ferry, highway, service_road, uturn, sharp_turn, left_turn, right_turn or none/,
    );
    expect(message(excludeParam.safeParse('tunnel'))).toMatch(/"tunnel" is not supported/);
    expect(message(avoidParam.safeParse('geofence_id:'))).toMatch(/must be "geofence_id:<id>"/);
    expect(message(avoidParam.safeParse('geofence_id:a b'))).toMatch(/must be "geofence_id:<id>"/);
    expect(message(avoidParam.safeParse('uturn|none'))).toBe('"none" cannot be combined with other values');
    const many = Array.from({ length: MAX_AVOID_GEOFENCES + 1 }, (_, i) => `geofence_id:g${i}`).join('|');
    expect(message(avoidParam.safeParse(many))).toBe(`at most ${MAX_AVOID_GEOFENCES} geofence_id values per request (got 21)`);
  });
});

describe('curb approaches in requests', () => {
  it('read one side per stop, empty entries unrestricted', () => {
    expect(curbApproaches.parse('curb;;unrestricted')).toEqual(['curb', undefined, undefined]);
    expect(message(curbApproaches.safeParse('curb;left'))).toBe('must be "curb" or "unrestricted" per stop, joined by ";"');
  });

  it('need one entry per stop after the origin in directions, per destination in matrices', () => {
    const a = text(P(0, 0));
    const b = text(P(1, 0));
    expect(directionsBody.safeParse({ origin: a, destination: b, waypoints: a, approaches: 'curb;curb' }).success).toBe(true);
    expect(message(directionsBody.safeParse({ origin: a, destination: b, approaches: 'curb;curb' }))).toBe(
      'must have one entry per stop after the origin (1), joined by ";"',
    );
    expect(message(distanceMatrixQuery.safeParse({ origins: a, destinations: `${a}|${b}`, approaches: 'curb' }))).toBe(
      'must have one entry per destination (2), joined by ";"',
    );
  });
});

describe('curb approaches through the API services', () => {
  // Rows run west to east 100 m apart; the stop lies 10 m north of row 0 between x = 1 and x = 2,
  // so arriving with it on the right means driving west. No u-turn at a junction: round the block
  // x = 1..2, y = 0..1 and back along row 0 from x = 2 (450 m, not 150).
  const registry = new NetworkRegistry().add(buildNetworkFromGeoJSON(gridNetwork(5, 5), { name: 'grid' }));
  const origin = P(0, 0);
  const stop = P(1.5, 0.1);

  it('make directions arrive with the stop on the right', () => {
    const free = directions(registry, { origin, destination: stop });
    const curb = directions(registry, { origin, destination: stop, approaches: ['curb'] });
    expect(free.route.distance).toBeCloseTo(150, 0);
    expect(curb.route.distance).toBeCloseTo(450, 0);
  });

  it('apply to the destinations of a matrix and, for the asynchronous matrix, to its origins', () => {
    const arrive = travelMatrix(registry, { origins: [origin, stop], destinations: [stop, origin], approaches: ['curb', undefined] });
    expect(Array.from(arrive.distances).map(Math.round)).toEqual([450, 0, 0, 150]);
    // Leaving the stop facing west: on to x = 1, round the block by (1, 1) and (2, 1), east to x = 3.
    const leave = travelMatrix(registry, { origins: [stop], destinations: [P(3, 0)], origin_approaches: ['curb'] });
    expect(Math.round(leave.distances[0])).toBe(450);
    expect(Math.round(travelMatrix(registry, { origins: [stop], destinations: [P(3, 0)] }).distances[0])).toBe(150);
  });

  it('hold for reaching and leaving a stop of the v1 optimizer', () => {
    const coordinates = [origin, stop, P(4, 0)];
    const fixed = { coordinates, roundtrip: false, source: 'first', destination: 'last' } as const;
    expect(trip(registry, fixed).trips[0].distance).toBeCloseTo(400, 0);
    // In driving west (round the block to come back from x = 2: 450 m), out west to x = 1, round
    // the block by (1, 1) and (2, 1) and east to x = 4 (550 m): no u-turns at junctions.
    expect(trip(registry, { ...fixed, approaches: [undefined, 'curb', undefined] }).trips[0].distance).toBeCloseTo(1000, 0);
  });
});

describe('service roads: avoided softly, excluded hard', () => {
  const yardRoads = serviceYardNetwork();
  const yard = buildNetworkFromGeoJSON(yardRoads, { name: 'yard' });
  const onlyService: FC = { ...yardRoads, features: yardRoads.features.filter((f) => f.properties.highway === 'service') };
  const lane = buildNetworkFromGeoJSON(onlyService, { name: 'lane' });

  it('take the detour either way when one exists', () => {
    expect(yard.route([P(0, 0), P(4, 0)]).distance).toBeCloseTo(400, 0);
    expect(yard.route([P(0, 0), P(4, 0)], { avoid: { serviceRoad: true } }).distance).toBeCloseTo(1000, 0);
    expect(yard.route([P(0, 0), P(4, 0)], { avoid: { exclude: { serviceRoad: true } } }).distance).toBeCloseTo(1000, 0);
  });

  it('still use a service road that is the only way when avoided, never when excluded', () => {
    expect(lane.route([P(0, 0), P(4, 0)], { avoid: { serviceRoad: true } }).distance).toBeCloseTo(400, 0);
    expect(() => lane.route([P(0, 0), P(4, 0)], { avoid: { exclude: { serviceRoad: true } } })).toThrow(PointTooFarError);
  });
});

describe('metric keys', () => {
  const grid = buildNetworkFromGeoJSON(gridNetwork(3, 3), { name: 'grid' });
  const tolls = buildNetworkFromGeoJSON(truckNetwork(), { name: 'bridge' });

  it('leave out road kinds the network has no edge of, so such options share the plain hierarchy', () => {
    expect(metricKey(grid.graph, { avoid: { ferry: true, toll: true, highway: true, serviceRoad: true } })).toBe(metricKey(grid.graph, {}));
    expect(metricKey(grid.graph, { avoid: { exclude: { ferry: true } } })).toBe(metricKey(grid.graph, {}));
    grid.prepare({});
    expect(grid.metricFor({ avoid: { ferry: true } })).toBe(grid.metricFor({}));
    expect(grid.metricFor({ avoid: { ferry: true } }).ch).toBeDefined();
  });

  it('keep road kinds the network has, avoided and excluded apart, and an exclusion over an avoidance', () => {
    const plain = metricKey(tolls.graph, {});
    const avoided = metricKey(tolls.graph, { avoid: { toll: true } });
    const excluded = metricKey(tolls.graph, { avoid: { exclude: { toll: true } } });
    expect(new Set([plain, avoided, excluded]).size).toBe(3);
    expect(metricKey(tolls.graph, { avoid: { toll: true, exclude: { toll: true } } })).toBe(excluded);
    expect(metricKey(tolls.graph, { avoid: { toll: true, ferry: true } })).toBe(avoided);
  });
});
