/**
 * Scale benchmark on a saved artefact (e.g. from `npm run network -- synth --nodes N`):
 * load, hierarchy build, directions p50 over seeded random pairs and one 100 x 100 matrix,
 * in-process.   npx tsx tests/bench/routing/scale.ts <artefact.wmrg>
 * Run it under /usr/bin/time -v for the peak resident memory.
 */
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { loadNetwork, type LatLon } from '../../../shared/roads/index';
import { seededRandom } from '../../fixtures/random';
import { chProgressBar } from '../../../infra/cli/ch-progress';

const file = process.argv[2];
if (!file) throw new Error('usage: scale.ts <artefact.wmrg>');
const t0 = performance.now();
const net = loadNetwork(file);
const loadMs = performance.now() - t0;
const { shortcuts, buildMs } = net.prepare({}, chProgressBar('car hierarchy'));
const { lat, lon } = net.graph.data;
const rand = seededRandom(39);
// points on graph nodes, so every pair is on the network
const pick = (): LatLon => {
  const i = Math.floor(rand() * lat.length);
  return { lat: lat[i], lon: lon[i] };
};
const times: number[] = [];
for (let k = 0; k < 200; k++) {
  const a = pick();
  const b = pick();
  const t = performance.now();
  net.route([a, b], { method: 'ch' });
  times.push(performance.now() - t);
}
times.sort((x, y) => x - y);
const pts = Array.from({ length: 100 }, pick);
const tm = performance.now();
net.matrix(pts);
const matrixMs = performance.now() - tm;
const fig = (x: number) => x.toFixed(1);
process.stdout.write(
  `${file}: ${lat.length} nodes, ${(statSync(file).size / 1e6).toFixed(1)} MB; load ${fig(loadMs)} ms, hierarchy ${fig(buildMs)} ms ` +
    `(${shortcuts} shortcuts); directions p50 ${fig(times[100])} ms p95 ${fig(times[190])} ms; 100x100 matrix ${fig(matrixMs)} ms; ` +
    `load avg ${loadavg()[0].toFixed(1)}\n`,
);
