import { call, CliError, type Target } from './waymark-api';

// Demo data in Gothenburg for a fresh local stack. Safe to run again: things that
// already exist (409) are kept, and tracks get a few more points.

const centrum = [
  [11.955, 57.7],
  [11.985, 57.7],
  [11.985, 57.712],
  [11.955, 57.712],
  [11.955, 57.7],
];

const geofences = [
  {
    type: 'polygon',
    custom_id: 'demo-centrum',
    name: 'Centrum',
    tags: ['demo'],
    polygon: { geojson: { type: 'Polygon', coordinates: [centrum] } },
  },
  {
    type: 'circle',
    custom_id: 'demo-harbour',
    name: 'Harbour',
    tags: ['demo'],
    circle: { center: { lat: 57.7065, lon: 11.938 }, radius: 600 },
  },
  {
    type: 'circle',
    custom_id: 'demo-liseberg',
    name: 'Liseberg',
    tags: ['demo'],
    circle: { center: { lat: 57.6953, lon: 11.9916 }, radius: 400 },
  },
];

const monitor = {
  type: 'enter_and_exit',
  custom_id: 'demo-centrum-watch',
  name: 'Vans in Centrum',
  tags: ['demo'],
  geofence_config: { geofence_ids: ['demo-centrum'] },
};

// Each van drives from the harbour into Centrum, so the monitor sees an enter event.
const assets = [
  {
    custom_id: 'demo-van-1',
    name: 'Van 1',
    attributes: { fleet: 'demo', depot: 'harbour' },
    device: 'demo-device-1',
    path: [
      [57.7065, 11.938],
      [57.7058, 11.948],
      [57.7049, 11.958],
      [57.7041, 11.967],
      [57.7048, 11.975],
    ],
  },
  {
    custom_id: 'demo-van-2',
    name: 'Van 2',
    attributes: { fleet: 'demo', depot: 'harbour' },
    device: 'demo-device-2',
    path: [
      [57.708, 11.94],
      [57.7092, 11.951],
      [57.7101, 11.962],
      [57.7094, 11.972],
      [57.699, 11.99],
    ],
  },
];

async function create(target: Target, path: string, body: { custom_id: string }): Promise<string> {
  const { status, body: answer } = await call(target, 'POST', path, body);
  if (status === 200) return 'created';
  if (status === 409) return 'exists';
  throw new CliError(`POST ${path} (${body.custom_id}) answered ${status}: ${answer?.message ?? JSON.stringify(answer)}`);
}

export async function seed(target: Target, log: (line: string) => void): Promise<void> {
  for (const g of geofences) log(`geofence ${g.custom_id}: ${await create(target, '/geofence', g)}`);
  log(`monitor ${monitor.custom_id}: ${await create(target, '/tracking/monitor', monitor)}`);
  const start = Date.now() - 10 * 60_000;
  for (const a of assets) {
    const { device, path, ...asset } = a;
    log(`asset ${a.custom_id}: ${await create(target, '/tracking/asset', asset)}`);
    const assetPath = `/tracking/asset/${encodeURIComponent(a.custom_id)}`;
    await expectOk(target, `${assetPath}/bind`, { device_id: device });
    const locations = path.map(([lat, lon], i) => ({ location: { lat, lon }, timestamp: start + i * 60_000, speed: 8, accuracy: 5 }));
    await expectOk(target, `${assetPath}/track`, { device_id: device, locations });
    log(`  ${locations.length} track points uploaded`);
  }
}

async function expectOk(target: Target, path: string, body: unknown): Promise<void> {
  const { status, body: answer } = await call(target, 'POST', path, body);
  if (status !== 200) throw new CliError(`POST ${path} answered ${status}: ${answer?.message ?? JSON.stringify(answer)}`);
}
