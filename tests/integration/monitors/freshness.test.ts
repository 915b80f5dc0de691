import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoGeofenceStore } from '../../../shared/geofence/dynamo-store';
import { DynamoMonitorStore } from '../../../shared/monitors/dynamo-store';
import { MonitorService } from '../../../shared/monitors/service';
import { DynamoMonitorStateStore } from '../../../shared/monitors/dynamo-state';
import { geofenceClient, square } from '../geofence/client';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from '../tracking/api';
import { monitorApi } from './api';

// A monitor written through another function instance (a second MonitorService on
// its own store objects, which cannot tell this process's evaluator anything) is
// used by the very next upload here: the evaluator reads the space's change
// counter on every upload instead of trusting its cached monitors for a while.

const LAT = 52.01;
const T0 = Date.now() - 3600_000;
const at = (lon: number, s: number) => ({ location: { lat: LAT, lon }, timestamp: T0 + s * 1000, speed: 5 });

let org: string;
let tracking: TrackingApi;
let monitors: ReturnType<typeof monitorApi>;
let elsewhere: MonitorService;

beforeAll(async () => {
  const made = await newOrgKey();
  org = made.org;
  tracking = trackingApi(made.key);
  monitors = monitorApi(made.key);
  const geo = geofenceClient(made.key);
  expect((await geo.create({ type: 'polygon', custom_id: 'F', polygon: { geojson: square(13.0, 52.0, 0.02) } })).status).toBe(200);
  const store = new DynamoMonitorStore();
  elsewhere = new MonitorService({
    monitors: store,
    config: store,
    geofences: new DynamoGeofenceStore(),
    evaluation: new DynamoMonitorStateStore(),
    assetKey: async (_space, id) => id,
  });
});

async function drive(id: string): Promise<(points: unknown[]) => Promise<void>> {
  expect((await tracking.create({ custom_id: id })).status).toBe(200);
  expect((await tracking.bind(id, `dev-${id}`)).status).toBe(200);
  return async (locations) => expect((await tracking.track(id, { device_id: `dev-${id}`, locations })).status).toBe(200);
}

const kinds = async (assetId: string) => (await monitors.events(assetId)).body.data.list.map((e: { event_type: string }) => e.event_type);

describe('monitor changes made on another instance', () => {
  it('a monitor created elsewhere records the next crossing', async () => {
    const upload = await drive('v1');
    // This process now has the space's (empty) monitor context loaded.
    await upload([at(12.98, 0)]);
    await elsewhere.create(`${org}|`, { type: 'enter_and_exit', custom_id: 'late', geofence_config: { geofence_ids: ['F'] } });
    await upload([at(12.99, 10), at(13.01, 20), at(13.03, 30)]);
    expect(await kinds('v1')).toEqual(['enter', 'exit']);
  });

  it('a monitor changed or deleted elsewhere stops recording at once', async () => {
    const upload = await drive('v2');
    await upload([at(12.99, 0), at(13.01, 10)]);
    expect(await kinds('v2')).toEqual(['enter']);
    // Narrowed to assets it does not match: the next exit is not recorded.
    await elsewhere.update(`${org}|`, 'late', { match_filter: { include_all_of_attributes: { fleet: 'none' } } });
    await upload([at(13.03, 20)]);
    expect(await kinds('v2')).toEqual(['enter']);
    await elsewhere.update(`${org}|`, 'late', { match_filter: {} });
    await upload([at(12.99, 30), at(13.01, 40)]);
    expect(await kinds('v2')).toEqual(['enter', 'enter']);
    await elsewhere.delete(`${org}|`, 'late');
    await upload([at(13.03, 50)]);
    expect(await kinds('v2')).toEqual(['enter', 'enter']);
  });
});
