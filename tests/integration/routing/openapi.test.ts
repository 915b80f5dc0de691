import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as areas } from '../../../functions/routing/areas';
import { handler as directions } from '../../../functions/routing/directions';
import { handler as matrix } from '../../../functions/routing/distance-matrix';
import { handler as matrixPost } from '../../../functions/routing/distance-matrix-post';
import { handler as isochrone } from '../../../functions/routing/isochrone';
import { handler as snap } from '../../../functions/routing/snap-to-roads';
import { handler as snapPost } from '../../../functions/routing/snap-to-roads-post';
import { issueRootKey } from '../../../shared/auth/issue';
import { DynamoKeyStore } from '../../../shared/auth/dynamo-store';
import { hashApiKey } from '../../../shared/auth/keys';
import { loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { invoke } from '../support/invoke';
import { fromStartOfNextMinute, newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// The routing operations against the OpenAPI document (request and 200 body), and who may call them.

const a = '57.70891,11.97462';
const b = '57.69680,11.98900';

let key: string;
beforeAll(async () => {
  setRoadNetworks(new NetworkRegistry().add(loadGothenburgSample()));
  ({ key } = await newOrgKey());
});
afterAll(() => setRoadNetworks(undefined));

describe('routing contract', () => {
  it('directions, matrices, isochrone, snapping and areas answer what the document says', async () => {
    const route = await call(directions, key, {
      method: 'POST',
      path: '/directions/json',
      body: { origin: a, destination: b, steps: true, alternatives: true, geometry: 'geojson', departure_time: 1795501800, mode: 'truck' },
    });
    expect(route.routes[0].legs[0].steps.length).toBeGreaterThan(2);
    await call(matrix, key, {
      method: 'GET',
      path: '/distancematrix/json',
      query: { origins: `${a}|${b}`, destinations: b, avoid: 'toll|ferry' },
    });
    await call(matrixPost, key, {
      method: 'POST',
      path: '/distancematrix/json',
      body: { origins: a, destinations: `${a}|${b}`, route_failed_prompt: true },
    });
    await call(isochrone, key, {
      method: 'GET',
      path: '/isochrone/json',
      query: { coordinates: a, contours_minutes: '2,4', polygons: 'true' },
    });
    await call(isochrone, key, { method: 'GET', path: '/isochrone/json', query: { coordinates: a, contours_meters: '800' } });
    await call(snap, key, {
      method: 'GET',
      path: '/snapToRoads/json',
      query: { path: `${a}|57.70860,11.97300`, road_info: 'max_speed', interpolate: 'true' },
    });
    await call(snapPost, key, { method: 'POST', path: '/snapToRoads/json', body: { path: `${a}|57.70860,11.97300`, geometry: 'geojson' } });
    const listed = await call(areas, key, { method: 'GET', path: '/areas' });
    expect(listed.map((x: { code: string }) => x.code)).toEqual(['gothenburg']);
  });
});

describe('the routing service and its quota', () => {
  it('is refused to a key issued without it, and granted to keys issued for all services before it existed', async () => {
    const { key: trackingOnly } = await newOrgKey({ services: ['tracking'] });
    const refused = await invoke(areas, { query: { key: trackingOnly } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/routing/);
    // A key stored before routing was a service lists the four older ones: it was an all-services key.
    const { key: older } = await issueRootKey(new DynamoKeyStore(), {
      org: `org-older-${Date.now()}`,
      now: Math.floor(Date.now() / 1000),
      services: ['geofence', 'optimization', 'multigeocode', 'tracking'],
    });
    expect((await new DynamoKeyStore().findByHash(hashApiKey(older)))!.services).not.toContain('routing');
    expect((await invoke(areas, { query: { key: older } })).status).toBe(200);
  });

  it('counts every routing operation against one routing quota', async () => {
    const { key: limited } = await newOrgKey({ quotas: { routing: { perSecond: 1000, perMinute: 2 } } });
    // Three calls on a loaded CI machine can take seconds; keep them inside one minute window.
    const realClock = fromStartOfNextMinute();
    try {
      expect((await invoke(areas, { query: { key: limited } })).status).toBe(200);
      expect((await invoke(matrix, { query: { key: limited, origins: a, destinations: b } })).status).toBe(200);
      const third = await invoke(isochrone, { query: { key: limited, coordinates: a, contours_minutes: '2' } });
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      realClock();
    }
  });
});
