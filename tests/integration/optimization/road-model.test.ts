// The client's zone, depot, joint-order and routing fields through the real handlers and worker
// on the emulators: zones by shape and by a stored geofence, refused references, joint orders,
// depot loading times and opening hours, curb approaches and service_road on a road network, and
// the result's snapped/projected locations and routing_profiles.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resultResponse } from '../../../shared/optimization/responses';
import { buildNetworkFromGeoJSON, NetworkRegistry } from '../../../shared/roads/index';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork, serviceYardNetwork } from '../../fixtures/routing/graphs';
import { geofenceClient, square } from '../geofence/client';
import { newOrgKey } from '../support/keys';
import { purge, queues, result, runQueuedJob, submit, unthrottled } from './support';

type Body = Record<string, any>;

/** "lat,lon" of grid point (x, y), 100 m apart. */
const at = (x: number, y: number) => `${BASE_LAT + y * DLAT},${BASE_LON + x * DLON}`;
/** Six stops on a line, 100 s apart. */
const line = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => 100 * Math.abs(i - j)));
const onLine = (extra: Body = {}): Body => ({
  locations: { location: [0, 1, 2, 3, 4, 5].map((x) => at(x, 0)) },
  duration_matrix: line,
  options: { objective: { solving_time_limit: 1 } },
  ...extra,
});

describe('optimization zones, depots, joint orders and roads on the emulators', () => {
  let key: string;

  beforeAll(async () => {
    ({ key } = await newOrgKey({ quotas: unthrottled }));
  });
  afterEach(() => setRoadNetworks(undefined));
  afterAll(async () => purge(queues.jobs()));

  async function solve(body: Body): Promise<Body> {
    const submitted = await submit(key, body);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await runQueuedJob(submitted.body.id)).failed).toBe(false);
    const done = await result(key, submitted.body.id);
    expect(resultResponse.safeParse(done.body).success).toBe(true);
    return { submitted: submitted.body, done: done.body };
  }
  const jobsOf = (done: Body, vehicle: string) =>
    done.result.routes
      .find((r: Body) => r.vehicle === vehicle)
      ?.steps.filter((s: Body) => s.type === 'job')
      .map((s: Body) => s.id)
      .sort();

  it('serves tasks in the zone whose shape holds them: a polygon, or a stored geofence of the space', async () => {
    const fence = await geofenceClient(key).create({
      type: 'polygon',
      polygon: { geojson: square(BASE_LON + 2.5 * DLON, BASE_LAT - DLAT, 3 * DLON) },
    });
    expect(fence.status).toBe(200);
    const { submitted, done } = await solve(
      onLine({
        zones: [
          { id: 'west', geometry: square(BASE_LON - 0.5 * DLON, BASE_LAT - DLAT, 3 * DLON) },
          { id: 'east', geofence_id: fence.body.data.id },
        ],
        vehicles: [
          { id: 'w', start_index: 0, zones: ['west'] },
          { id: 'e', start_index: 5, zones: ['east'] },
        ],
        jobs: [1, 2, 3, 4].map((x) => ({ id: `j${x}`, location_index: x })),
      }),
    );
    expect(submitted.warnings.filter((w: string) => w.startsWith('zones'))).toEqual([]);
    expect(jobsOf(done, 'w')).toEqual(['j1', 'j2']);
    expect(jobsOf(done, 'e')).toEqual(['j3', 'j4']);
  });

  it('refuses unknown zone ids, depot ids and geofences with a 400 naming the field', async () => {
    const base = onLine({ vehicles: [{ id: 'v', start_index: 0 }], jobs: [{ id: 'a', location_index: 1 }] });
    const refused = async (extra: Body, field: string) => {
      const res = await submit(key, { ...base, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toContain(field);
    };
    await refused({ zones: [{ id: 1 }], jobs: [{ id: 'a', location_index: 1, zones: [2] }] }, 'jobs[0].zones[0]');
    await refused({ zones: [{ id: 1 }], vehicles: [{ id: 'v', start_index: 0, zones: [3] }] }, 'vehicles[0].zones[0]');
    await refused(
      { depots: [{ id: 'd', location_index: 0 }], jobs: [{ id: 'a', location_index: 1, depot_ids: ['x'] }] },
      'jobs[0].depot_ids[0]',
    );
    await refused({ zones: [{ id: 1, geofence_id: 'no-such-fence' }] }, 'zones[0].geofence_id');
  });

  it('serves a joint order whole or not at all', async () => {
    const { submitted, done } = await solve(
      onLine({
        vehicles: [{ id: 'v', start_index: 0, end_index: 0 }],
        jobs: [
          { id: 'a', location_index: 1, joint_order: 1 },
          { id: 'b', location_index: 4, joint_order: 1, time_windows: [[0, 10]] },
          { id: 'c', location_index: 2 },
        ],
      }),
    );
    expect(submitted.warnings.filter((w: string) => w.includes('joint_order'))).toEqual([]);
    expect(jobsOf(done, 'v')).toEqual(['c']);
    expect(done.result.unassigned.map((u: Body) => [u.id, u.reason])).toEqual([
      ['a', 'joint_order'],
      ['b', 'time_window'],
    ]);
  });

  it("starts a route when its depot opens and leaves once the depot's service is done", async () => {
    const { submitted, done } = await solve(
      onLine({
        depots: [{ id: 'hub', location_index: 0, service: 300, time_windows: [[500, 2000]] }],
        vehicles: [{ id: 'v', start_index: 0, time_window: [0, 100_000] }],
        jobs: [{ id: 'a', location_index: 2 }],
      }),
    );
    expect(submitted.warnings.filter((w: string) => w.startsWith('depots'))).toEqual([]);
    const [start, job] = done.result.routes[0].steps;
    expect(start).toMatchObject({ type: 'start', depot: 'hub', arrival: 500, service: 300 });
    expect(job.arrival).toBe(1000);
  });

  describe('on a road network', () => {
    // Rows of the grid run west to east; "north" lies 10 m north of row 0 between x = 1 and 2.
    const grid = () => setRoadNetworks(new NetworkRegistry().add(buildNetworkFromGeoJSON(gridNetwork(5, 5), { name: 'grid' })));
    const north = `${BASE_LAT + 0.1 * DLAT},${BASE_LON + 1.5 * DLON}`;
    const curbProblem = (approaches?: string[]): Body => ({
      locations: { location: [at(0, 0), north], ...(approaches ? { approaches } : {}) },
      vehicles: [{ id: 'v', start_index: 0 }],
      jobs: [{ id: 'a', location_index: 1 }],
      options: { objective: { solving_time_limit: 1 } },
    });

    it('arrives at a curb stop with it on the right, and says where each stop meets the road', async () => {
      grid();
      const free = await solve(curbProblem());
      const curb = await solve(curbProblem(['', 'curb']));
      expect(curb.submitted.warnings.filter((w: string) => w.includes('approaches'))).toEqual([]);
      const distance = (d: Body) => d.done.result.routes[0].steps[1].distance;
      expect(distance(free)).toBeCloseTo(150, -1);
      expect(distance(curb)).toBeCloseTo(450, -1);
      const job = curb.done.result.routes[0].steps[1];
      expect(job.snapped_location[0]).toBeCloseTo(BASE_LAT, 5);
      expect(job.projected_location[1]).toBeCloseTo(BASE_LON + 1.5 * DLON, 5);
      expect(curb.done.result.routing_profiles).toEqual({ car: { mode: 'car', travel: 'road_network', network: 'grid' } });
    });

    it('names curb approaches it cannot apply, and gives no road points, without a road network', async () => {
      setRoadNetworks(new NetworkRegistry());
      const { submitted, done } = await solve(curbProblem(['', 'curb']));
      expect(submitted.warnings).toContain('locations.approaches: "curb" not applied: no road network covers these locations');
      expect(done.result.routes[0].steps[1].snapped_location).toBeUndefined();
      expect(done.result.routing_profiles).toEqual({ car: { mode: 'car', travel: 'great_circle' } });
    });

    it('keeps off service roads when asked to, and passes turn avoids to the engine without a warning', async () => {
      const yard = serviceYardNetwork();
      setRoadNetworks(new NetworkRegistry().add(buildNetworkFromGeoJSON(yard, { name: 'yard' })));
      const trip = (avoid?: string[]): Body => ({
        locations: { location: [at(0, 0), at(4, 0)] },
        vehicles: [{ id: 'v', start_index: 0 }],
        jobs: [{ id: 'a', location_index: 1 }],
        options: { objective: { solving_time_limit: 1 }, ...(avoid ? { routing: { avoid } } : {}) },
      });
      const direct = await solve(trip());
      const kept = await solve(trip(['service_road', 'uturn']));
      expect(direct.done.result.routes[0].distance).toBeCloseTo(400, -1);
      expect(kept.done.result.routes[0].distance).toBeCloseTo(1000, -1);
      expect(kept.submitted.warnings.filter((w: string) => w.includes('service_road"'))).toEqual([]);
      expect(kept.submitted.warnings.filter((w: string) => w.includes('uturn'))).toEqual([]);
      expect(kept.done.result.routing_profiles.car).toMatchObject({ travel: 'road_network', avoid: ['service_road', 'uturn'] });
    });
  });
});
