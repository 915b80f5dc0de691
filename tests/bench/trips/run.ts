// Trip summary benchmark: `npm run bench:trips`.
// A 10,000-point trip driven across the Gothenburg demo network (a routed path sampled every
// few metres, one point per second, a little GPS noise), summarised through the trip service
// on in-memory stores: the route read, distance, duration, map-matched geometry and two stop
// geofences. Reports the median and the worst of the runs, and the same summary without a
// road network (no map matching), so the map-matching share is visible.
// Options: --points N (default 10000), --runs R (default 7).

import { cpus, loadavg } from 'node:os';
import { buildRecord } from '../../../shared/geofence/build';
import type { StoredGeofence } from '../../../shared/geofence/model';
import { densifyTrack } from '../../../shared/geo';
import { loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { TripService } from '../../../shared/trips/service';
import { MemoryGeofenceStore } from '../../fixtures/memory/geofence';
import { MemoryTrackingStore } from '../../fixtures/memory/tracking';
import { MemoryTripStore } from '../../fixtures/memory/trips';
import { seededRandom } from '../../fixtures/random';

const args = process.argv.slice(2);
const arg = (name: string, def: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const POINTS = arg('--points', 10_000);
const RUNS = arg('--runs', 7);
const SPACE = 'bench';

const net = loadGothenburgSample();
const stops = [
  { lat: 57.7, lon: 11.97 },
  { lat: 57.72, lon: 11.94 },
  { lat: 57.69, lon: 12.0 },
  { lat: 57.71, lon: 11.99 },
  { lat: 57.7, lon: 11.96 },
];
const road = net.route(stops).coordinates.map(([lat, lon]) => ({ lat, lon }));
// about 8 m between points (a van at 30 km/h, one point a second), the road driven there and
// back until the trip has POINTS points
const spaced = densifyTrack(road, 8, 1_000_000);
const sampled: { lat: number; lon: number }[] = [];
for (let lap = 0; sampled.length < POINTS; lap++)
  sampled.push(...(lap % 2 ? [...spaced].reverse() : spaced).slice(0, POINTS - sampled.length));
const noise = seededRandom(5);
const t0 = Date.now() - POINTS * 1000 - 60_000;
const locations = sampled.map((p, i) => ({
  location: { lat: p.lat + (noise() - 0.5) * 0.00004, lon: p.lon + (noise() - 0.5) * 0.00007 },
  timestamp: t0 + i * 1000,
}));

const tracking = new MemoryTrackingStore();
await tracking.writeAsset(SPACE, {
  asset: { id: 'van', name: '', description: '', attributes: {}, created_at: 0, updated_at: 0, version: 1 },
  expectedVersion: null,
  index: null,
});
await tracking.addHistory(SPACE, 'van', locations);
const fence = async (id: string, center: { lat: number; lon: number }): Promise<StoredGeofence> => ({
  record: await buildRecord(id, { type: 'circle', circle: { center, radius: 200 } }, { created_at: 0, updated_at: 0 }, {
    isochrone: () => Promise.reject(new Error('not used')),
  } as never),
  createdKey: id,
  rev: id,
});
const geofences = new MemoryGeofenceStore({ [SPACE]: [await fence('a', stops[1]), await fence('b', stops[2])] });
const store = new MemoryTripStore();
const service = new TripService({ store, tracking, geofences, now: () => Date.now() });
await store.create(SPACE, {
  id: 'trip',
  asset_id: 'van',
  name: '',
  description: '',
  attributes: {},
  meta_data: {},
  state: 'ended',
  started_at: t0,
  ended_at: t0 + POINTS * 1000,
  created_at: t0,
  updated_at: t0,
  stops: [
    { geofence_id: 'a', name: 'A', meta_data: {} },
    { geofence_id: 'b', name: 'B', meta_data: {} },
  ],
  version: 1,
});

async function measure(label: string) {
  const times: number[] = [];
  const cpu: number[] = [];
  let last: Awaited<ReturnType<TripService['summary']>> | undefined;
  for (let r = 0; r < RUNS + 1; r++) {
    const c = process.cpuUsage();
    const s = performance.now();
    last = await service.summary(SPACE, 'trip');
    const used = process.cpuUsage(c);
    // the first run loads and warms
    if (r > 0) {
      times.push(performance.now() - s);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const t = last!;
  console.log(
    `${label}: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times[times.length - 1].toFixed(0)} ms over ${RUNS} runs (CPU median ${cpu[Math.floor(cpu.length / 2)].toFixed(0)} ms); ` +
      `${t.route.length} points, ${t.distance} m, ${t.duration} s, matched ${t.mapmatch.matched}, ` +
      `stops ${t.stops.map((s) => `${s.name} ${s.arrived_at === null ? 'not visited' : 'visited'}`).join(', ')}`,
  );
  return times[Math.floor(times.length / 2)];
}

console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
setRoadNetworks(new NetworkRegistry().add(net));
const matched = await measure('summary, map-matched on the Gothenburg network');
setRoadNetworks(new NetworkRegistry());
await measure('summary, no road network (recorded points)');
console.log(`target: a ${POINTS}-point trip summary <= 500 ms: ${matched <= 500 ? 'MET' : 'NOT MET'}`);
