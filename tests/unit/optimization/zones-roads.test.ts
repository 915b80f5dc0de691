// Zones by shape and by id, depot references, curb approaches and the road points of a result, at
// the service boundary (validation, zone shapes, the solver input, the result's road fields).
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/platform/errors';
import { parseWith } from '../../../shared/platform/validate';
import type { StoredGeofence } from '../../../shared/geofence/model';
import type { ClientResult } from '../../../shared/optimization/client-result';
import { addRoadPoints, routingProfiles } from '../../../shared/optimization/road-points';
import { optimizationRequestSchema, type OptimizationRequest } from '../../../shared/optimization/schemas';
import { toSolverInput } from '../../../shared/optimization/solver-input';
import { validateProblem } from '../../../shared/optimization/validate';
import { resolveZoneGeofences, zonesByShape } from '../../../shared/optimization/zone-shapes';
import { buildNetworkFromGeoJSON, NetworkRegistry } from '../../../shared/roads/index';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork } from '../../fixtures/routing/graphs';

type Problem = Record<string, any>;

/** A square around 57.70..57.72, 11.95..11.98; locations 1 and 2 inside, 3 outside. */
const square = {
  type: 'Polygon',
  coordinates: [
    [
      [11.95, 57.7],
      [11.98, 57.7],
      [11.98, 57.72],
      [11.95, 57.72],
      [11.95, 57.7],
    ],
  ],
};

function base(): Problem {
  return {
    locations: { location: ['57.69,11.90', '57.71,11.96', '57.715,11.97', '57.75,12.10'] },
    vehicles: [{ id: 'v', start_index: 0 }],
    jobs: [
      { id: 'a', location_index: 1 },
      { id: 'b', location_index: 3 },
    ],
    shipments: [{ pickup: { id: 'p', location_index: 3 }, delivery: { id: 'd', location_index: 2 } }],
  };
}

function validate(mutate: (p: Problem) => void): OptimizationRequest {
  const p = base();
  mutate(p);
  return validateProblem(parseWith(optimizationRequestSchema, p, 'body'), { selfHosts: [] }).request;
}

function refusal(mutate: (p: Problem) => void): { status: number; message: string; field?: string } {
  try {
    validate(mutate);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.message, field: error.field };
  }
  throw new Error('accepted');
}

describe('zone and depot references', () => {
  const cases: [string, (p: Problem) => void, string, RegExp][] = [
    [
      'an undeclared zone id on a job',
      (p) => ((p.zones = [{ id: 1 }]), (p.jobs[0].zones = [1, 2])),
      'jobs[0].zones[1]',
      /unknown zone id 2/,
    ],
    [
      'an undeclared zone id on a vehicle',
      (p) => ((p.zones = [{ id: 'n' }]), (p.vehicles[0].zones = ['s'])),
      'vehicles[0].zones[0]',
      /"s"/,
    ],
    ['an undeclared zone id on a shipment', (p) => ((p.zones = []), (p.shipments[0].zones = [4])), 'shipments[0].zones[0]', /zone id 4/],
    ['a repeated zone id', (p) => (p.zones = [{ id: 1 }, { id: '1' }]), 'zones[1].id', /duplicate zone id/],
    [
      'a zone shape that is no polygon',
      (p) => (p.zones = [{ id: 1, geometry: { type: 'Point', coordinates: [1, 2] } }]),
      'zones[0].geometry',
      /^zones\[0\]\.geometry: type must be "Polygon"/,
    ],
    [
      'an undeclared depot id',
      (p) => ((p.depots = [{ id: 'x', location_index: 0 }]), (p.jobs[0].depot_ids = ['x', 'y'])),
      'jobs[0].depot_ids[1]',
      /unknown depot id "y"/,
    ],
    ['a depot id with no depots', (p) => (p.jobs[1].depot_ids = [3]), 'jobs[1].depot_ids[0]', /unknown depot id 3/],
    [
      'a depot window that ends before it starts',
      (p) => (p.depots = [{ id: 1, location_index: 0, time_windows: [[9, 3]] }]),
      'depots[0].time_windows[0]',
      /must not be after/,
    ],
    [
      'an approach that is neither curb nor unrestricted',
      (p) => (p.locations.approaches = ['curb', 'kerb']),
      'locations.approaches[1]',
      /"curb"/,
    ],
    [
      'more approaches than locations',
      (p) => (p.locations.approaches = ['', '', '', '', '']),
      'locations.approaches',
      /at most one per location/,
    ],
  ];
  for (const [what, mutate, field, message] of cases)
    it(`refuses ${what} with a 400 naming ${field}`, () => {
      const r = refusal(mutate);
      expect(r.status).toBe(400);
      expect(r.field).toBe(field);
      expect(r.message).toMatch(message);
      expect(r.message.startsWith(`${field}: `)).toBe(true);
    });

  it("names zones and depots when they keep every vehicle from a relation's steps (422)", () => {
    const related = (p: Problem) =>
      (p.relations = [
        {
          type: 'in_same_route',
          steps: [
            { type: 'job', id: 'a' },
            { type: 'job', id: 'b' },
          ],
        },
      ]);
    const zoned = refusal((p) => {
      related(p);
      p.zones = [{ id: 1 }, { id: 2 }];
      p.vehicles[0].zones = [1];
      p.jobs[0].zones = [1];
      p.jobs[1].zones = [2];
    });
    expect(zoned).toMatchObject({ status: 422, field: 'relations[0]' });
    expect(zoned.message).toMatch(/zones and depot start.*vehicle "v" shares no zone with some of the steps/);
    const depots = refusal((p) => {
      related(p);
      p.depots = [{ id: 'd', location_index: 2 }];
      p.jobs[0].depot_ids = ['d'];
    });
    expect(depots).toMatchObject({ status: 422, field: 'relations[0]' });
    expect(depots.message).toMatch(/vehicle "v" starts at none of the depots some of the steps allow/);
  });

  it('accepts zone ids that stand alone when the request declares no zones', () => {
    expect(() => validate((p) => ((p.jobs[0].zones = ['north']), (p.vehicles[0].zones = ['north'])))).not.toThrow();
  });
});

describe('zones by shape', () => {
  const parsed = (req: OptimizationRequest) => req.locations.location.map((t) => t.split(',').map(Number) as [number, number]);

  it('puts a task without zones of its own in every zone whose shape holds it', () => {
    const req = validate((p) => {
      p.zones = [{ id: 'centre', geometry: square }, { id: 'all' }];
      p.jobs[1].zones = ['all'];
    });
    const inZone = zonesByShape(req)!;
    expect(inZone([57.71, 11.96])).toEqual(['centre']);
    expect(inZone([57.75, 12.1])).toEqual([]);
    const { request } = toSolverInput(req, parsed(req));
    // "centre" is zone 0 (first met); job b keeps its own list; the shipment's delivery lies inside.
    expect(request.jobs!.map((j) => j.zones)).toEqual([[0], [1]]);
    expect(request.shipments![0].zones).toEqual([0]);
  });

  it('leaves tasks unzoned when no zone has a shape', () => {
    const req = validate((p) => (p.zones = [{ id: 1 }]));
    expect(zonesByShape(req)).toBeNull();
    expect(toSolverInput(req, parsed(req)).request.jobs![0].zones).toBeUndefined();
  });

  const stored = (id: string): StoredGeofence =>
    ({
      record: { id, type: 'polygon', geojson: square, tags: [], created_at: 0, updated_at: 0 },
      createdKey: '0',
      rev: '1',
    }) as unknown as StoredGeofence;

  it("fills a zone given by geofence_id with the geofence's shape, keeping a zone's own geometry", async () => {
    const asked: string[][] = [];
    const store = { getMany: async (_space: string, ids: readonly string[]) => (asked.push([...ids]), ids.map(stored)) };
    const own = {
      type: 'Polygon',
      coordinates: [
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
      ],
    };
    const req = validate(
      (p) =>
        (p.zones = [
          { id: 1, geofence_id: 'g1' },
          { id: 2, geofence_id: 'g2', geometry: own },
        ]),
    );
    const out = await resolveZoneGeofences(req, 'space', store);
    expect(asked).toEqual([['g1']]);
    expect(out.zones![0]).toEqual({ id: 1, geofence_id: 'g1', geometry: square });
    expect(out.zones![1].geometry).toEqual(own);
  });

  it('refuses a geofence_id the space does not hold, naming the zone', async () => {
    const req = validate((p) => (p.zones = [{ id: 1 }, { id: 2, geofence_id: 'gone' }]));
    const refused = await resolveZoneGeofences(req, 'space', { getMany: async () => [] }).catch((e: ApiError) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, field: 'zones[1].geofence_id' });
  });
});

describe('road points and routing profiles of a result', () => {
  afterEach(() => setRoadNetworks(undefined));
  const at = (x: number, y: number): [number, number] => [BASE_LAT + y * DLAT, BASE_LON + x * DLON];

  function result(points: [number, number][]): ClientResult {
    const step = (type: 'start' | 'job', location: [number, number], id?: string) =>
      ({
        type,
        id,
        arrival: 0,
        duration: 0,
        distance: 0,
        setup: 0,
        service: 0,
        waiting_time: 0,
        location,
        load: [],
      }) as ClientResult['routes'][number]['steps'][number];
    return {
      code: 0,
      summary: {} as ClientResult['summary'],
      routes: [{ vehicle: 'v', steps: [step('start', points[0]), step('job', points[1], 'a')] } as ClientResult['routes'][number]],
      unassigned: [],
    };
  }
  const request = (points: [number, number][], extra: Problem = {}) =>
    validate((p) => {
      p.locations.location = points.map(([lat, lon]) => `${lat},${lon}`);
      p.jobs = [{ id: 'a', location_index: 1 }];
      p.shipments = [];
      Object.assign(p, extra);
    });

  it('gives each step its snapped and projected location on a covering network', () => {
    setRoadNetworks(new NetworkRegistry().add(buildNetworkFromGeoJSON(gridNetwork(4, 4), { name: 'grid' })));
    const points = [at(0.2, 0.15), at(1.5, 1.3)];
    const res = result(points);
    addRoadPoints(res, request(points));
    const [start, job] = res.routes[0].steps;
    // (0.2, 0.15) is nearest row 0; (1.5, 1.3) nearest row 1.
    expect(start.projected_location![0]).toBeCloseTo(BASE_LAT, 5);
    expect(start.snapped_location![0]).toBeCloseTo(BASE_LAT, 5);
    expect(job.projected_location![0]).toBeCloseTo(BASE_LAT + DLAT, 5);
    expect(job.snapped_location![1]).toBeCloseTo(BASE_LON + 1.5 * DLON, 5);
  });

  it('gives neither where no network covers the route', () => {
    setRoadNetworks(new NetworkRegistry());
    const points: [number, number][] = [at(0, 0), at(1, 1)];
    const res = result(points);
    addRoadPoints(res, request(points));
    for (const s of res.routes[0].steps) expect(s.snapped_location ?? s.projected_location).toBeUndefined();
  });

  it('says per profile where its travel came from and what it applied', () => {
    const points: [number, number][] = [at(0, 0), at(1, 1)];
    const routing = { options: { routing: { mode: 'truck', avoid: ['toll', 'service_road'], truck_weight: 9000 } } };
    expect(routingProfiles(request(points, routing), 'grid')).toEqual({
      truck: { mode: 'truck', travel: 'road_network', network: 'grid', avoid: ['toll', 'service_road'], truck_weight: 9000 },
    });
    expect(routingProfiles(request(points), undefined)).toEqual({ car: { mode: 'car', travel: 'great_circle' } });
    const own = {
      duration_matrix: [
        [0, 1],
        [1, 0],
      ],
    };
    expect(routingProfiles(request(points, own), undefined)).toEqual({ car: { mode: 'car', travel: 'request' } });
  });
});
