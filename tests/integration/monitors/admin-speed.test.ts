import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../shared/monitors/model';
import { buildNetworkFromGeoJSON, NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from '../tracking/api';
import { monitorApi } from './api';

// use_admin_speed_limit end to end: a small OSM-tagged network in memory, a
// drive uploaded through the tracking handler, the events listed.

const LAT = 57.0;
const line = (from: number, to: number, tags: Record<string, string>) => ({
  type: 'Feature',
  properties: { highway: 'primary', ...tags },
  geometry: {
    type: 'LineString',
    coordinates: [
      [from, LAT],
      [to, LAT],
    ],
  },
});
// Along lat 57.0 (0.01 deg of longitude is about 606 m): 50 km/h, then 90 km/h, then no tag.
const network = buildNetworkFromGeoJSON(
  {
    type: 'FeatureCollection',
    features: [line(12.0, 12.01, { maxspeed: '50' }), line(12.01, 12.03, { maxspeed: '90' }), line(12.03, 12.04, {})],
  },
  { name: 'speed-limits' },
);

const T0 = Date.now() - 3600_000;
const V = 70 / 3.6; // a steady 70 km/h
/** 20 points, 0.002 deg (121 m) and 6 s apart: lon 12.001 .. 12.039; i 0-4 on the 50 road, 5-14 on the 90 road, 15-19 untagged. */
const drive = Array.from({ length: 20 }, (_, i) => ({
  location: { lat: LAT, lon: 12.001 + i * 0.002 },
  timestamp: T0 + i * 6000,
  speed: V,
}));
const at = (e: EventRecord) => `${e.monitor_id}@${(e.triggered_timestamp - T0) / 6000}`;

let key: string;
let monitors: ReturnType<typeof monitorApi>;
let tracking: TrackingApi;

beforeAll(async () => {
  key = (await newOrgKey()).key;
  monitors = monitorApi(key);
  tracking = trackingApi(key);
});
afterAll(() => setRoadNetworks(undefined));

describe('use_admin_speed_limit', () => {
  it('422 when no road network is loaded, saying how to load one', async () => {
    setRoadNetworks(new NetworkRegistry());
    const r = await monitors.create({ type: 'speeding', speeding_config: { use_admin_speed_limit: true } });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/no road network with speed limits is loaded/);
    expect(r.body.message).toMatch(/Road networks/);
    const plain = (await monitors.create({ type: 'speeding', speeding_config: { customer_speed_limit: 20 } })).body.data.id;
    expect((await monitors.update(plain, { speeding_config: { use_admin_speed_limit: true } })).status).toBe(422);
    // Without the admin limit a customer limit is still required.
    expect((await monitors.create({ type: 'speeding', speeding_config: { use_admin_speed_limit: false } })).status).toBe(400);
    await monitors.remove(plain);
  });

  it('events at the road limits of a real network, customer limit where the road has none', async () => {
    setRoadNetworks(new NetworkRegistry().add(network));
    const admin = await monitors.create({ type: 'speeding', custom_id: 'admin', speeding_config: { use_admin_speed_limit: true } });
    expect(admin.status).toBe(200);
    const got = await monitors.get('admin');
    expect(got.body.data.monitor.speeding_config).toMatchObject({ use_admin_speed_limit: true, time_tolerance: 0 });
    const mixed = await monitors.create({
      type: 'speeding',
      custom_id: 'mixed',
      speeding_config: { use_admin_speed_limit: true, customer_speed_limit: 15 },
    });
    expect(mixed.status).toBe(200);

    expect((await tracking.create({ custom_id: 'car' })).status).toBe(200);
    expect((await tracking.bind('car', 'dev-car')).status).toBe(200);
    expect((await tracking.track('car', { device_id: 'dev-car', locations: drive.slice(0, 8) })).status).toBe(200);
    expect((await tracking.track('car', { device_id: 'dev-car', locations: drive.slice(8) })).status).toBe(200);

    const list: EventRecord[] = (await monitors.events('car', { ps: '500' })).body.data.list;
    // admin: one episode on the 50 road, ended on the 90 road; no limit on the untagged road.
    // mixed: the same, then the customer 15 m/s on the untagged road.
    expect(list.map(at)).toEqual(['admin@0', 'mixed@0', 'mixed@15']);
    expect(list[0].extra.speed_limit).toBeCloseTo(50 / 3.6, 6);
    expect(list[0].triggered_location).toEqual({ location: { lat: LAT, lon: 12.001 }, timestamp: T0, speed: V });
    expect(list[2].extra).toEqual({ speed_limit: 15 });
  });
});
