import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePolyline, haversine } from '../../../shared/roads';
import { pointInPolygonXY } from '../../../shared/geo/ring';
import type { Client } from '../compat/client';
import { gothenburgClient, refused, releaseNetworks } from './client-session';
import type * as T from './client-types';

// Every routing operation driven with the requests the official client's types allow, through
// the real handlers on the test emulators (the client's own wire encoding), on the Gothenburg
// demo network, and read the way those types read the answers.

const station = '57.70891,11.97462';
const korsvagen = '57.69680,11.98900';
const haga = '57.69870,11.95630';
const stockholm = '59.33000,18.06000';
/** Inside the network's box, but more than the snap distance from any road (open water). */
const sea = '57.66000,11.88000';

const at = (s: string) => s.split(',').map(Number) as [number, number];
const metres = (a: [number, number], b: { latitude?: number; longitude?: number }) => haversine(a[0], a[1], b.latitude!, b.longitude!);

let client: Client;

beforeAll(async () => ({ client } = await gothenburgClient()));
afterAll(releaseNetworks);

describe('POST /directions/json', () => {
  it('routes through a waypoint with one leg per stop and named steps from depart to arrive', async () => {
    const params: T.DirectionComputeRouteParams = {
      origin: station,
      destination: korsvagen,
      waypoints: haga,
      steps: true,
      geometry: 'polyline6',
    };
    const res = await client.post<T.DirectionComputeRouteResponse>('/directions/json', params);
    expect(res.status).toBe('Ok');
    const route = res.route!;
    expect(route.legs).toHaveLength(2);
    const legSum = route.legs!.reduce((a, l) => a + l.distance!.value!, 0);
    expect(Math.abs(legSum - route.distance!)).toBeLessThan(1);
    const line = decodePolyline(route.geometry!, 6);
    expect(haversine(line[0][0], line[0][1], ...at(station))).toBeLessThan(100);
    expect(metres(at(korsvagen), route.end_location!)).toBeLessThan(100);
    expect(metres(at(haga), route.legs![0].end_location!)).toBeLessThan(100);
    for (const leg of route.legs!) {
      const steps = leg.steps!;
      expect(steps[0].maneuver!.maneuver_type).toBe('depart');
      expect(steps[steps.length - 1].maneuver!.maneuver_type).toBe('arrive');
      const stepSum = steps.reduce((a, s) => a + s.distance!.value!, 0);
      expect(Math.abs(stepSum - leg.distance!.value!)).toBeLessThan(2);
    }
    const names = route.legs!.flatMap((l) => l.steps!.map((s) => (s as { name?: string }).name));
    expect(names.filter((n) => n && n.length > 0).length).toBeGreaterThan(2);
    expect(route.legs![0].steps!.some((s) => s.maneuver!.maneuver_type === 'turn' && /left|right/.test(s.maneuver!.modifier!))).toBe(true);
  });

  it('answers alternatives that differ from the best route and are no faster', async () => {
    const res = await client.post<T.DirectionComputeRouteResponse & { routes: T.DirectionRoute[] }>('/directions/json', {
      origin: station,
      destination: korsvagen,
      alternatives: true,
      altcount: 2,
    } satisfies T.DirectionComputeRouteParams);
    expect(res.routes.length).toBeGreaterThanOrEqual(2);
    expect(res.routes[0]).toEqual(res.route);
    for (const alt of res.routes.slice(1)) {
      expect(alt.geometry).not.toBe(res.route!.geometry);
      expect(alt.duration!).toBeGreaterThanOrEqual(res.route!.duration!);
    }
  });

  it('takes shortest, traffic, truck, overview and geojson options', async () => {
    const base: T.DirectionComputeRouteParams = { origin: haga, destination: korsvagen };
    const fastest = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', base)).route!;
    const shortest = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { ...base, route_type: 'shortest' })).route!;
    expect(shortest.distance!).toBeLessThanOrEqual(fastest.distance!);
    expect(shortest.duration!).toBeGreaterThanOrEqual(fastest.duration! - 0.1);
    // Tuesday 2026-11-24 07:30 in Gothenburg (UTC+1): the morning peak.
    const peak = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { ...base, departure_time: 1795501800 })).route!;
    expect(peak.duration!).toBeGreaterThan(fastest.duration!);
    const truck = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { ...base, mode: 'truck', truck_weight: 12000 }))
      .route!;
    expect(truck.duration!).toBeGreaterThan(fastest.duration!);
    const bare = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { ...base, overview: 'false' })).route!;
    expect(bare.geometry).toBeUndefined();
    const simple = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { ...base, overview: 'simplified' })).route!;
    expect(decodePolyline(simple.geometry!).length).toBeLessThan(decodePolyline(fastest.geometry!).length);
    const geo = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { ...base, geometry: 'geojson' })).route!;
    expect(geo.geojson!.geometry!.type).toBe('LineString');
    const coords = geo.geojson!.geometry!.coordinates as number[][];
    expect(coords[0][1]).toBeCloseTo(decodePolyline(geo.geometry!, 6)[0][0], 5);
  });

  it('snaps a start with a bearing to a road heading that way', async () => {
    const plain = (
      await client.post<T.DirectionComputeRouteResponse>('/directions/json', { origin: haga, destination: korsvagen, steps: true })
    ).route!;
    const heading = plain.legs![0].steps![0].maneuver!.bearing_after!;
    const same = (
      await client.post<T.DirectionComputeRouteResponse>('/directions/json', {
        origin: haga,
        destination: korsvagen,
        bearings: `${heading},20;`,
      })
    ).route!;
    expect(same.start_location).toEqual(plain.start_location);
    const across = (
      await client.post<T.DirectionComputeRouteResponse>('/directions/json', {
        origin: haga,
        destination: korsvagen,
        bearings: `${(heading + 90) % 360},10;`,
      })
    ).route!;
    expect(across.start_location).not.toEqual(plain.start_location);
  });

  it('refuses points no network covers (422 naming them) and values it cannot honour (400 naming the field)', async () => {
    const far = await refused(client.post('/directions/json', { origin: station, destination: stockholm }));
    expect(far.status).toBe(422);
    expect(far.body).toMatchObject({ field: 'destination', message: expect.stringContaining('no road network covers destination') });
    const water = await refused(client.post('/directions/json', { origin: sea, destination: station }));
    expect(water.status).toBe(422);
    expect(water.body).toMatchObject({ field: 'origin' });
    const bridge = await refused(client.post('/directions/json', { origin: station, destination: korsvagen, avoid: 'bridge' }));
    expect(bridge.status).toBe(400);
    expect(bridge.body).toMatchObject({ field: 'avoid', message: expect.stringContaining('"bridge" is not supported') });
    const hazmat = await refused(client.post('/directions/json', { origin: station, destination: korsvagen, hazmat_type: 'general' }));
    expect(hazmat.body).toMatchObject({ status: 400, field: 'hazmat_type' });
    const curb = await refused(client.post('/directions/json', { origin: station, destination: korsvagen, approaches: 'curb;curb' }));
    expect(curb.body).toMatchObject({ status: 400, field: 'approaches' });
    const bearings = await refused(client.post('/directions/json', { origin: station, destination: korsvagen, bearings: '10,20' }));
    expect(bearings.body).toMatchObject({ status: 400, field: 'bearings' });
  });
});

describe('GET and POST /distancematrix/json', () => {
  it('answers one row per origin and one element per destination, agreeing with directions', async () => {
    const params: T.JsonRetrieveParams = { origins: `${station}|${haga}`, destinations: `${korsvagen}|${station}|${haga}` };
    const res = await client.get<T.JsonRetrieveResponse>('/distancematrix/json', { ...params });
    expect(res.status).toBe('Ok');
    expect(res.msg).toBeUndefined();
    expect(res.rows).toHaveLength(2);
    expect(res.rows!.map((r) => r.elements!.length)).toEqual([3, 3]);
    expect(res.rows![0].elements![1]).toEqual({ distance: 0, duration: 0 });
    const route = (
      await client.post<T.DirectionComputeRouteResponse>('/directions/json', { origin: haga, destination: korsvagen, avoid: 'none' })
    ).route!;
    expect(Math.abs(res.rows![1].elements![0].duration! - route.duration!)).toBeLessThanOrEqual(1);
    expect(Math.abs(res.rows![1].elements![0].distance! - route.distance!)).toBeLessThanOrEqual(1);
  });

  it('takes a large matrix as a JSON body', async () => {
    const points = Array.from(
      { length: 40 },
      (_, i) => `${(57.69 + (i % 8) * 0.004).toFixed(5)},${(11.94 + Math.floor(i / 8) * 0.01).toFixed(5)}`,
    );
    const res = await client.post<T.JsonRetrieveResponse>('/distancematrix/json', {
      origins: points.join('|'),
      destinations: points.join('|'),
      mode: 'truck',
    });
    expect(res.rows).toHaveLength(40);
    res.rows!.forEach((row, i) => {
      expect(row.elements).toHaveLength(40);
      expect(row.elements![i]).toEqual({ distance: 0, duration: 0 });
    });
    const off = res.rows!.flatMap((r, i) => r.elements!.filter((_, j) => j !== i));
    expect(off.every((e) => e.duration! > 0 && e.distance! > 0)).toBe(true);
  });

  it('falls back to great-circle estimates with a message where no network covers the points', async () => {
    const res = await client.get<T.JsonRetrieveResponse>('/distancematrix/json', { origins: stockholm, destinations: station });
    expect(res.msg).toMatch(/great-circle/);
    expect(res.rows![0].elements![0].distance!).toBeGreaterThan(390_000);
  });

  it('gives -1 for a point off the roads with route_failed_prompt, else 422 naming it', async () => {
    const query = { origins: `${station}|${sea}`, destinations: korsvagen };
    const refusedMatrix = await refused(client.get('/distancematrix/json', query));
    expect(refusedMatrix.body).toMatchObject({ status: 422, field: 'origins[1]' });
    const res = await client.get<T.JsonRetrieveResponse>('/distancematrix/json', { ...query, route_failed_prompt: true });
    expect(res.rows![0].elements![0].duration!).toBeGreaterThan(0);
    expect(res.rows![1].elements![0]).toEqual({ distance: -1, duration: -1 });
  });
});

describe('GET /isochrone/json', () => {
  it('draws up to four contours, largest first, each containing the start', async () => {
    const params = { coordinates: station, contours_minutes: '3,6', polygons: true, contours_colors: 'ff0000,00ff00', denoise: 0.5 };
    const res = await client.get<T.IsochroneComputeResponse>('/isochrone/json', params);
    expect(res.type).toBe('FeatureCollection');
    expect(res.features!.map((f) => f.properties!.contour)).toEqual([6, 3]);
    expect(res.features!.map((f) => f.properties!.color)).toEqual(['#00ff00', '#ff0000']);
    for (const f of res.features!) {
      expect(f.geometry!.type).toBe('Polygon');
      expect(f.properties!.metric).toBe('time');
      const outer = (f.geometry!.coordinates as number[][][])[0];
      expect(pointInPolygonXY([outer], at(station)[1], at(station)[0])).toBe(true);
    }
    const size = (f: NonNullable<T.IsochroneComputeResponse['features']>[number]) => (f.geometry!.coordinates as number[][][])[0].length;
    const general = await client.get<T.IsochroneComputeResponse>('/isochrone/json', { ...params, generalize: 50 });
    expect(size(general.features![0])).toBeLessThan(size(res.features![0]));
  });

  it('answers outlines in metres by default, and refuses what it cannot draw', async () => {
    const params: T.IsochroneComputeParams = { coordinates: station, contours_meters: 1500 };
    const res = await client.get<T.IsochroneComputeResponse>('/isochrone/json', { ...params });
    expect(res.features).toHaveLength(1);
    expect(res.features![0].geometry!.type).toBe('LineString');
    expect(res.features![0].properties).toMatchObject({ contour: 1500, metric: 'distance' });
    const five = await refused(client.get('/isochrone/json', { coordinates: station, contours_minutes: '1,2,3,4,5' }));
    expect(five.body).toMatchObject({ status: 400, field: 'query.contours_minutes' });
    const none = await refused(client.get('/isochrone/json', { coordinates: station }));
    expect(none.body).toMatchObject({ status: 400, field: 'query.contours_minutes' });
    const far = await refused(client.get('/isochrone/json', { coordinates: stockholm, contours_minutes: 5 }));
    expect(far.body).toMatchObject({ status: 422, field: 'coordinates' });
  });
});

describe('GET /snapToRoads/json', () => {
  it('snaps a noisy trace to named roads, with speed limits and every input index', async () => {
    const route = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { origin: station, destination: korsvagen }))
      .route!;
    const line = decodePolyline(route.geometry!);
    const picked = line.filter((_, i) => i % Math.ceil(line.length / 13) === 0).slice(0, 13);
    const path = picked.map(([lat, lon], i) => `${(lat + (i % 2 ? 0.00005 : -0.00005)).toFixed(5)},${lon.toFixed(5)}`).join('|');
    const params: T.SnapToRoadSnapParams = { path, road_info: 'max_speed', option: 'flexible' };
    const res = await client.get<T.SnapToRoadSnapResponse>('/snapToRoads/json', { ...params });
    expect(res.snappedPoints!.map((p) => p.originalIndex)).toEqual(picked.map((_, i) => i));
    for (const p of res.snappedPoints!) {
      expect(p.distance).toBeLessThan(15);
      expect(p.bearing).toBeGreaterThanOrEqual(0);
    }
    expect(res.snappedPoints!.some((p) => p.name.length > 0)).toBe(true);
    expect(res.distance!).toBeGreaterThan(0.8 * route.distance!);
    expect(res.road_info!.max_speed!.length).toBeGreaterThan(0);
    expect(res.road_info!.max_speed!.every((s) => s.value! > 0 && s.length! >= 2)).toBe(true);
    const vertices = decodePolyline(res.geometry![0], 6).length;
    expect(res.road_info!.max_speed!.every((s) => s.offset! + s.length! <= vertices)).toBe(true);
  });

  it('takes timestamps, radiuses, geojson and interpolation; a long trace goes in a body', async () => {
    const path = '57.70891,11.97462|57.70860,11.97300|57.70840,11.97200';
    const res = await client.get<T.SnapToRoadSnapResponse>('/snapToRoads/json', {
      path,
      timestamps: '1795501800|1795501810|1795501820',
      radiuses: '50|50|50',
      geometry: 'geojson',
      interpolate: true,
    });
    expect(res.geojson!.geometry!.type).toBe('LineString');
    // Every point carries an integer originalIndex, as the client types it: the input's own
    // index, in order, or -1 on the road vertices interpolation adds between them.
    expect(res.snappedPoints!.every((p) => Number.isInteger(p.originalIndex))).toBe(true);
    const indexed = res.snappedPoints!.filter((p) => p.originalIndex >= 0);
    expect(indexed.map((p) => p.originalIndex)).toEqual([0, 1, 2]);
    const added = res.snappedPoints!.filter((p) => p.originalIndex < 0);
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((p) => p.originalIndex === -1 && p.distance === 0 && typeof p.name === 'string')).toBe(true);
    const first = res.snappedPoints!.findIndex((p) => p.originalIndex === 0);
    const last = res.snappedPoints!.findIndex((p) => p.originalIndex === 2);
    expect(res.snappedPoints!.slice(first + 1, last).some((p) => p.originalIndex === -1)).toBe(true);
    const unordered = await refused(client.get('/snapToRoads/json', { path, timestamps: '3|2|1' }));
    expect(unordered.body).toMatchObject({ status: 400, field: 'query.timestamps' });
    const far = await refused(client.get('/snapToRoads/json', { path: `${station}|${stockholm}` }));
    expect(far.body).toMatchObject({ status: 422, field: 'path[1]' });
    const tolerated = await client.get<T.SnapToRoadSnapResponse>('/snapToRoads/json', {
      path: `${path}|${stockholm}`,
      tolerate_outlier: true,
    });
    expect(tolerated.snappedPoints!.map((p) => p.originalIndex)).toEqual([0, 1, 2]);

    const route = (await client.post<T.DirectionComputeRouteResponse>('/directions/json', { origin: station, destination: korsvagen }))
      .route!;
    const long = decodePolyline(route.geometry!).map(([lat, lon]) => `${lat.toFixed(5)},${lon.toFixed(5)}`);
    const body = await client.post<T.SnapToRoadSnapResponse>('/snapToRoads/json', { path: long.join('|') });
    expect(body.snappedPoints).toHaveLength(long.length);
  });
});

describe('GET /areas', () => {
  it('lists the loaded networks as service areas', async () => {
    const res = await client.get<T.AreaListResponse>('/areas');
    expect(res).toEqual([{ code: 'gothenburg', name: 'gothenburg', modes: ['car', 'truck'], timezone: 1 }]);
  });
});
