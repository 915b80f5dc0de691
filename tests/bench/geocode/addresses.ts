// Address index benchmark (synthetic): `npx tsx tests/bench/geocode/addresses.ts [--millions M]`.
// M million addresses (default 1) on 20,000 invented street names around Gothenburg: the
// artefact's size and write time, load time (parse + index) and the memory the index holds,
// then house-number lookups and reverse lookups (p50, p99). Memory is heap plus array buffers
// after a full GC, before and after loading.

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getDefaultIndex, loadAddresses, writeAddresses, type AddressRecord } from '../../../shared/geocoding';
import { seededRandom } from '../../fixtures/random';

const args = process.argv.slice(2);
const i = args.indexOf('--millions');
const COUNT = Math.round((i >= 0 ? Number(args[i + 1]) : 1) * 1_000_000);
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const index = getDefaultIndex();
const rand = seededRandom(11);
const syllables = ['berg', 'dal', 'vik', 'ås', 'lund', 'holm', 'sten', 'torp', 'by', 'ek', 'gran', 'sjö', 'å', 'mark', 'hed'];
const kinds = ['gatan', 'vägen', 'stigen', 'gången', 'backen'];
// distinct names: the street's number written in syllables (base 15), then a kind
const streets = Array.from({ length: 20_000 }, (_, k) => {
  let word = '';
  for (let n = k + 15 * 15; n > 0; n = Math.floor(n / 15)) word += syllables[n % 15];
  return `${word[0].toUpperCase()}${word.slice(1)}${kinds[Math.floor(rand() * kinds.length)]}`;
});
const records: AddressRecord[] = [];
for (let n = 0; n < COUNT; n++) {
  const s = Math.floor(rand() * streets.length);
  records.push({
    kind: 'A',
    street: streets[s],
    house: String(1 + Math.floor(rand() * 200)) + (rand() < 0.1 ? 'B' : ''),
    postcode: String(40000 + (s % 900)),
    city: '',
    lat: 57.5 + rand() * 0.45,
    lon: 11.7 + rand() * 0.6,
  });
}
const dir = mkdtempSync(join(tmpdir(), 'waymark-addr-bench-'));
const file = join(dir, 'synthetic.addresses.tsv.gz');
let t = performance.now();
const bytes = writeAddresses(file, 'synthetic', records);
const writeMs = performance.now() - t;
records.length = 0;
const before = memory();
t = performance.now();
const addresses = loadAddresses(file, index);
const loadMs = performance.now() - t;
const held = memory() - before;
rmSync(dir, { recursive: true, force: true });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const find: number[] = [];
let hits = 0;
for (let n = 0; n < 2000; n++) {
  const q = `${streets[Math.floor(rand() * streets.length)]} ${1 + Math.floor(rand() * 200)}`;
  t = performance.now();
  hits += addresses.find(q, 5).length > 0 ? 1 : 0;
  find.push(performance.now() - t);
}
const near: number[] = [];
addresses.nearest({ lat: 57.7, lng: 11.9 }); // builds the grid
for (let n = 0; n < 2000; n++) {
  t = performance.now();
  addresses.nearest({ lat: 57.5 + rand() * 0.45, lng: 11.7 + rand() * 0.6 });
  near.push(performance.now() - t);
}
const perMillion = 1_000_000 / COUNT;
console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(
  `${(COUNT / 1e6).toFixed(2)} M addresses: artefact ${(bytes / 1e6).toFixed(1)} MB gz (write ${(writeMs / 1000).toFixed(1)} s); ` +
    `load + index ${(loadMs / 1000).toFixed(1)} s, held ${(held / 1e6).toFixed(0)} MB; ` +
    `per million: ${((bytes / 1e6) * perMillion).toFixed(1)} MB on disk, ${((loadMs / 1000) * perMillion).toFixed(1)} s, ${((held / 1e6) * perMillion).toFixed(0)} MB`,
);
console.log(`house-number lookup: p50 ${pct(find, 50).toFixed(3)} ms, p99 ${pct(find, 99).toFixed(3)} ms (${hits}/2000 found)`);
console.log(`address at a point (50 m): p50 ${pct(near, 50).toFixed(3)} ms, p99 ${pct(near, 99).toFixed(3)} ms`);
