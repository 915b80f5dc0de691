/**
 * Routing engine benchmark on the Gothenburg OSM network (geojson-path-finder test data,
 * ODbL, © OpenStreetMap contributors).   npm run bench:routing [-- --skip-4000] [-- --api-only]
 * Prints medians; timings are wall clock on this machine.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import {
  deserializeGraph,
  gothenburgSamplePath,
  graphFromGeoJSON,
  haversine,
  Network,
  serializeGraph,
  type LatLon,
} from '../../../shared/roads/index';
import { seededRandom } from '../../fixtures/random';
import { benchApi } from './api';

const skip4000 = process.argv.includes('--skip-4000');
// Only the API figures (directions, 1000 x 1000 matrix, isochrone, snapping): a few seconds, so it can be repeated.
const apiOnly = process.argv.includes('--api-only');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

let lastCpu = 0;
/** Wall-clock ms; the process CPU ms of the same call is left in lastCpu (shared machines: CPU time is the steadier number). */
function time<T>(f: () => T): [T, number] {
  const c = process.cpuUsage();
  const t = performance.now();
  const r = f();
  const wall = performance.now() - t;
  const cu = process.cpuUsage(c);
  lastCpu = (cu.user + cu.system) / 1000;
  return [r, wall];
}

const rows: Array<[string, string]> = [];
function report(name: string, value: string): void {
  rows.push([name, value]);
  console.log(`${name.padEnd(44)} ${value}`);
}
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (x: number) => `${(x / 1048576).toFixed(1)} MB`;

console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${mb(totalmem())} RAM, node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log('network: Gothenburg (geojson-path-finder test/large-network.json, © OpenStreetMap contributors)\n');

// --- import
const path = gothenburgSamplePath();
const importTimes: number[] = [];
const importCpu: number[] = [];
let data = graphFromGeoJSON(JSON.parse(readFileSync(path, 'utf8')), { name: 'gothenburg' });
for (let i = 0; i < (apiOnly ? 0 : 3); i++) {
  const [d, t] = time(() => graphFromGeoJSON(JSON.parse(readFileSync(path, 'utf8')), { name: 'gothenburg' }));
  data = d;
  importTimes.push(t);
  importCpu.push(lastCpu);
}
if (!apiOnly) report('import GeoJSON (read+parse+build), median of 3', `${ms(median(importTimes))} (cpu ${ms(median(importCpu))})`);
const before = process.memoryUsage();
const net = new Network(data);
const [bytes, serMs] = time(() => serializeGraph(data));
report('graph', `${net.nodeCount} nodes, ${net.edgeCount} directed edges`);
report('artefact size', `${mb(bytes.length)} (serialize ${ms(serMs)})`);
if (!apiOnly) {
  const loadTimes: number[] = [];
  for (let i = 0; i < 5; i++) loadTimes.push(time(() => new Network(deserializeGraph(bytes)))[1]);
  report('load artefact + index, median of 5', ms(median(loadTimes)));
}
const [chCar, chMs] = time(() => net.prepare({ profile: 'car' }));
report('contraction hierarchy build (car)', `${ms(chMs)} (cpu ${ms(lastCpu)}), ${chCar.shortcuts} shortcuts`);
if (!apiOnly) {
  const [, chTruckMs] = time(() => net.prepare({ profile: 'truck' }));
  report('contraction hierarchy build (truck)', `${ms(chTruckMs)} (cpu ${ms(lastCpu)})`);
}
const after = process.memoryUsage();
report(
  'memory: heap + array buffers for network and 2 CHs',
  mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers),
);
report('memory: process RSS', mb(after.rss));

// --- points on the main network
const r = seededRandom(1);
const b = net.bbox;
const pts: LatLon[] = [];
while (pts.length < 4000) {
  const p = { lat: b.minLat + r() * (b.maxLat - b.minLat), lon: b.minLon + r() * (b.maxLon - b.minLon) };
  try {
    const ph = net.snap(p);
    if (net.graph.componentSize[ph.u] === net.graph.largestComponent) pts.push(p);
  } catch {
    // too far from roads
  }
}

function bench(name: string, runs: number, f: () => unknown): number {
  const ts: number[] = [];
  const cs: number[] = [];
  for (let i = 0; i < runs; i++) {
    ts.push(time(f)[1]);
    cs.push(lastCpu);
  }
  const m = median(ts);
  report(`${name}, median of ${runs}`, `${ms(m)} (cpu ${ms(median(cs))})`);
  return m;
}

if (!apiOnly) {
  bench('matrix 100x100 (car, CH buckets)', 9, () => net.matrix(pts.slice(0, 100)));
  bench('matrix 100x100 (car, Dijkstra per source)', 3, () => net.matrix(pts.slice(0, 100), { method: 'dijkstra' }));
  bench('matrix 1000x1000 (car, CH buckets)', 5, () => net.matrix(pts.slice(0, 1000)));
  bench('matrix 1000x1000 (truck, CH buckets)', 3, () => net.matrix(pts.slice(0, 1000), { profile: 'truck' }));
  bench('matrix 1000x1000 (truck 12 t, new metric incl. CH build)', 1, () =>
    net.matrix(pts.slice(0, 1000), { profile: 'truck', truck: { weightKg: 12000, heightCm: 400 }, trafficTimestamp: 1733814000 }),
  );
  if (!skip4000) bench('matrix 4000x4000 (car, CH buckets)', 1, () => net.matrix(pts));
  bench('route point-to-point x20 (Dijkstra)', 5, () => {
    for (let i = 0; i < 20; i++) net.route([pts[i], pts[i + 100]], { method: 'dijkstra' });
  });
  bench('route point-to-point x20 (CH + unpacking)', 5, () => {
    for (let i = 0; i < 20; i++) net.route([pts[i], pts[i + 100]], { method: 'ch' });
  });
  bench('isochrone 10 min (car)', 9, () => net.isochrone(pts[7], { minutes: 10 }));
  bench('isochrone 5000 m (car)', 5, () => net.isochrone(pts[8], { meters: 5000 }));
}

// --- map matching 1000 points: a noisy trace along a long route
let route = net.route([pts[0], pts[1]]);
for (let k = 2; route.distance < 25_000 && k < 400; k++) {
  const cand = net.route([pts[0], pts[k]]);
  if (cand.distance > route.distance) route = cand;
}
const c = route.coordinates;
const along: LatLon[] = [];
let total = 0;
for (let i = 1; i < c.length; i++) total += haversine(c[i - 1][0], c[i - 1][1], c[i][0], c[i][1]);
const spacing = total / 1000;
let carry = 0;
for (let i = 1; i < c.length && along.length < 1000; i++) {
  const seg = haversine(c[i - 1][0], c[i - 1][1], c[i][0], c[i][1]);
  let pos = carry;
  while (pos < seg && along.length < 1000) {
    const f = pos / seg;
    along.push({ lat: c[i - 1][0] + (c[i][0] - c[i - 1][0]) * f, lon: c[i - 1][1] + (c[i][1] - c[i - 1][1]) * f });
    pos += spacing;
  }
  carry = pos - seg;
}
const gauss = () => Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
const trace = along.map((p) => ({
  lat: p.lat + (gauss() * 8) / 111_195,
  lon: p.lon + (gauss() * 8) / (111_195 * Math.cos((p.lat * Math.PI) / 180)),
}));
let mmResult = net.mapMatch(trace);
bench(`map matching ${trace.length} points (${(total / 1000).toFixed(1)} km, ${spacing.toFixed(0)} m spacing, 8 m noise)`, 3, () => {
  mmResult = net.mapMatch(trace);
});
report(
  'map matching result',
  `${mmResult.snappedPoints.length} snapped, ${mmResult.breaks} breaks, matched ${(mmResult.distance / 1000).toFixed(2)} km vs true ${(route.distance / 1000).toFixed(2)} km`,
);

console.log('\nrouting API, in-process');
benchApi(net, pts, trace, bench, report);
