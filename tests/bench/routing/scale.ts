/**
 * Scale benchmark on a saved artefact (e.g. from `npm run network -- synth --nodes N`):
 * load, car hierarchy (read from its sidecar when `npm run network -- build` stored one, else
 * built), directions p50 over seeded random pairs and one 100 x 100 matrix, in-process.
 *   npx tsx tests/bench/routing/scale.ts <artefact.wmrg> [--quick]
 * --quick: 50 routes and a 30 x 30 matrix (with a stored hierarchy, well under 2 minutes).
 * Run it under /usr/bin/time -v for the peak resident memory.
 */
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { loadNetwork, type LatLon } from '../../../shared/roads/index';
import { seededRandom } from '../../fixtures/random';
import { chProgressBar } from '../../../infra/cli/ch-progress';

const file = process.argv[2];
if (!file) throw new Error('usage: scale.ts <artefact.wmrg> [--quick]');
const quick = process.argv.includes('--quick');
const ROUTES = quick ? 50 : 200;
const MATRIX = quick ? 30 : 100;
const t0 = performance.now();
const net = loadNetwork(file);
const loadMs = performance.now() - t0;
const { shortcuts, buildMs, loaded } = net.prepare({}, chProgressBar('car hierarchy'));
const { lat, lon } = net.graph.data;
// search spaces of the upward searches (settled, stalled), for routes and the matrix apart
const ch = net.metricFor({}).ch;
const routeLog = { settled: [] as number[], stalled: [] as number[], edges: [] as number[] };
const matrixLog = { settled: [] as number[], stalled: [] as number[], edges: [] as number[] };
if (ch) ch.searchLog = routeLog;
const rand = seededRandom(39);
// points on graph nodes, so every pair is on the network
const pick = (): LatLon => {
  const i = Math.floor(rand() * lat.length);
  return { lat: lat[i], lon: lon[i] };
};
const times: number[] = [];
// a synthetic network's random turn bans can leave a junction no way out (as some real data
// does): such a pair has no route, is counted and left out of the timings
let unroutable = 0;
// CPU time beside the wall time: on a shared machine (load 4-12) the wall time of a query
// includes waiting for a core, its CPU time far less so
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const routesCpu0 = cpuMs();
for (let k = 0; k < ROUTES; k++) {
  const a = pick();
  const b = pick();
  const t = performance.now();
  try {
    net.route([a, b], { method: 'ch' });
  } catch (e) {
    if ((e as { code?: string }).code !== 'NO_ROUTE') throw e;
    unroutable++;
    continue;
  }
  times.push(performance.now() - t);
}
const routeCpuMs = (cpuMs() - routesCpu0) / ROUTES;
times.sort((x, y) => x - y);
const at = (q: number) => times[Math.floor(times.length * q)];
const pts = Array.from({ length: MATRIX }, pick);
if (ch) ch.searchLog = matrixLog;
// The first matrix runs code the JIT has not compiled yet, as a fresh process's first request
// does. Then a server's steady state: after two warm-up matrices elsewhere, five matrices each on
// fresh points (compiled code, but the lower hierarchy of new points not in the CPU's caches);
// their median is the figure. CPU time beside it: the spread of the wall time is the machine's.
const matrixOnce = (points: LatLon[]) => {
  const tm = performance.now();
  const c0 = cpuMs();
  net.matrix(points);
  return { ms: performance.now() - tm, cpu: cpuMs() - c0 };
};
const firstMatrix = matrixOnce(pts);
if (ch) ch.searchLog = undefined;
for (let r = 0; r < 2; r++) matrixOnce(Array.from({ length: MATRIX }, pick));
const steady = Array.from({ length: 5 }, () => matrixOnce(Array.from({ length: MATRIX }, pick)));
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const fig = (x: number) => x.toFixed(1);
const space = (log: typeof routeLog) => {
  if (log.settled.length === 0) return 'not recorded';
  const s = [...log.settled].sort((x, y) => x - y);
  const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
  return `settled mean ${mean(s).toFixed(0)} p50 ${s[s.length >> 1]} max ${s[s.length - 1]}, stalled mean ${mean(log.stalled).toFixed(0)}, edges mean ${mean(log.edges).toFixed(0)}`;
};
process.stdout.write(
  `${file}: ${lat.length} nodes, ${(statSync(file).size / 1e6).toFixed(1)} MB; load ${fig(loadMs)} ms, hierarchy ` +
    `${loaded ? 'read from its sidecar in' : 'built in'} ${fig(buildMs)} ms (${shortcuts} shortcuts); directions p50 ` +
    `${fig(at(0.5))} ms p95 ${fig(at(0.95))} ms, CPU ${fig(routeCpuMs)} ms a route (${unroutable} of ${ROUTES} pairs without a route); ` +
    `${MATRIX}x${MATRIX} matrix: first ${fig(firstMatrix.ms)} ms, then on fresh points median ${fig(median(steady.map((m) => m.ms)))} ms ` +
    `(${steady.map((m) => fig(m.ms)).join(' / ')}), CPU median ${fig(median(steady.map((m) => m.cpu)))} ms; ` +
    `load avg ${loadavg()[0].toFixed(1)}\n` +
    `  upward searches: routes ${space(routeLog)}; matrix ${space(matrixLog)}\n`,
);
