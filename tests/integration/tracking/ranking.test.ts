import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../shared/geo';
import { NetworkRegistry } from '../../../shared/roads';
import { NO_NETWORK_WARNING } from '../../../shared/tracking/ranking';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from './api';
import { gothenburgNetwork } from '../routing/client-session';

// Search ranking towards a destination (sort_by, sort_destination,
// sort_driving_mode) and the larger area of max_search_limit, on the
// Gothenburg demo network. Three vans around the city centre, placed so that
// the driving order differs from the straight-line order.

const D = { lat: 57.7089, lon: 11.9746 };
const VANS = {
  west: { lat: 57.7, lon: 11.95 },
  north: { lat: 57.715, lon: 11.99 },
  south: { lat: 57.69, lon: 11.98 },
};
const ids = (res: { body: any }) => res.body.data.assets.map((a: { id: string }) => a.id);
const BOUND = '57.66,11.88|57.75,12.08';

describe('search ranking towards a destination', () => {
  let api: TrackingApi;
  const network = gothenburgNetwork();
  beforeAll(async () => {
    api = trackingApi((await newOrgKey()).key);
    for (const [id, at] of Object.entries(VANS)) {
      await api.create({ custom_id: id });
      await api.bind(id, `dev-${id}`);
      expect((await api.track(id, { device_id: `dev-${id}`, locations: [{ location: at, timestamp: Date.now() - 60_000 }] })).status).toBe(
        200,
      );
    }
    setRoadNetworks(new NetworkRegistry().add(network));
  });
  afterAll(() => setRoadNetworks(undefined));

  it('straight_distance ranks by the great-circle distance to the destination, without duration', async () => {
    const res = await api.bound({ bound: BOUND, sort_by: 'straight_distance', sort_destination: `${D.lat},${D.lon}` });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(['north', 'west', 'south']);
    const [first] = res.body.data.assets;
    expect(first.ranking_info.distance).toBeCloseTo(haversineMeters(VANS.north, D), 1);
    expect(first.ranking_info.duration).toBeUndefined();
    expect(res.body.msg).toBe('');
  });

  it('distance and duration rank by driving on the road network, and report both', async () => {
    const matrix = network.matrix(Object.values(VANS), { targets: [D], profile: 'car' });
    const driving = Object.fromEntries(
      Object.keys(VANS).map((id, i) => [id, { distance: matrix.distances[i], duration: matrix.durations[i] }]),
    );
    const byDistance = Object.keys(VANS).sort((a, b) => driving[a].distance - driving[b].distance);
    const byDuration = Object.keys(VANS).sort((a, b) => driving[a].duration - driving[b].duration);
    // The point of the fixture: driving does not rank like the crow flies.
    expect(byDistance).not.toEqual(['north', 'west', 'south']);

    const res = await api.around({
      center: `${D.lat},${D.lon}`,
      radius: '5000',
      sort_by: 'distance',
      sort_destination: `${D.lat},${D.lon}`,
    });
    expect(ids(res)).toEqual(byDistance);
    for (const a of res.body.data.assets) {
      expect(a.ranking_info.distance).toBeCloseTo(driving[a.id].distance, 1);
      expect(a.ranking_info.duration).toBeCloseTo(driving[a.id].duration, 1);
    }
    // The client's around/bound types quote the values in backticks.
    const quoted = await api.bound({
      bound: BOUND,
      sort_by: '`duration`',
      sort_destination: `${D.lat},${D.lon}`,
      sort_driving_mode: '`truck`',
    });
    expect(quoted.status).toBe(200);
    const truck = network.matrix(Object.values(VANS), { targets: [D], profile: 'truck' });
    expect(ids(quoted)).toEqual(
      Object.keys(VANS).sort((a, b) => truck.durations[Object.keys(VANS).indexOf(a)] - truck.durations[Object.keys(VANS).indexOf(b)]),
    );
    expect(byDuration).toHaveLength(3);

    const body = await api.polygonBody({
      polygon: {
        type: 'Polygon',
        coordinates: [
          [11.88, 57.66],
          [12.08, 57.66],
          [12.08, 57.75],
          [11.88, 57.75],
          [11.88, 57.66],
        ].flat(),
      },
      sort: { sort_by: 'duration', sort_destination: D },
    });
    expect(ids(body)).toEqual(byDuration);
  });

  it('falls back to straight-line distance, saying so, where no loaded network covers the assets', async () => {
    setRoadNetworks(new NetworkRegistry());
    try {
      const res = await api.bound({ bound: BOUND, sort_by: 'duration', sort_destination: `${D.lat},${D.lon}` });
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(['north', 'west', 'south']);
      expect(res.body.msg).toBe(NO_NETWORK_WARNING);
      expect(res.body.data.assets[0].ranking_info.duration).toBeUndefined();
    } finally {
      setRoadNetworks(new NetworkRegistry().add(network));
    }
  });

  it('refuses ranking options that cannot apply, naming them', async () => {
    const noDestination = await api.bound({ bound: BOUND, sort_by: 'distance' });
    expect(noDestination.status).toBe(400);
    expect(noDestination.body.field).toBe('query.sort_destination');
    const noSort = await api.bound({ bound: BOUND, sort_destination: `${D.lat},${D.lon}` });
    expect(noSort.body.field).toBe('query.sort_destination');
    const mode = await api.bound({
      bound: BOUND,
      sort_by: 'straight_distance',
      sort_destination: `${D.lat},${D.lon}`,
      sort_driving_mode: 'car',
    });
    expect(mode.body.field).toBe('query.sort_driving_mode');
    expect((await api.bound({ bound: BOUND, sort_by: 'fastest', sort_destination: `${D.lat},${D.lon}` })).status).toBe(400);
  });

  it('max_search_limit=true allows bound and polygon areas up to 48,000 km2 (3000 without it)', async () => {
    // About 75 km by 100 km: over 3000 km2, under 48,000.
    const wide = '57.3,11.5|58.2,12.8';
    expect((await api.bound({ bound: wide })).status).toBe(400);
    const res = await api.bound({ bound: wide, max_search_limit: 'true' });
    expect(res.status).toBe(200);
    expect(ids(res).sort()).toEqual(['north', 'south', 'west']);
    const huge = '50,5|60,25';
    expect((await api.bound({ bound: huge, max_search_limit: 'true' })).status).toBe(400);
    const ring = [
      [11.5, 57.3],
      [12.8, 57.3],
      [12.8, 58.2],
      [11.5, 58.2],
      [11.5, 57.3],
    ];
    expect((await api.polygonBody({ polygon: { type: 'Polygon', coordinates: [ring] } })).status).toBe(400);
    expect(ids(await api.polygonBody({ polygon: { type: 'Polygon', coordinates: [ring] }, max_search_limit: true })).sort()).toEqual([
      'north',
      'south',
      'west',
    ]);
  });
});
