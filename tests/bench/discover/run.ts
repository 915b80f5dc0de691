// Discover and browse benchmark: `npm run bench:discover`.
// 1. Relevance: the query set of queries.ts on the POIs of the real test extracts (andorra,
//    monaco, north-bayreuth), through the discover service with the gazetteer beside them:
//    top-1 and top-5 hit rate.
// 2. Latency in process: the Gothenburg demo region has no POIs (its network is ways only), so
//    a Gothenburg-sized set is generated (--pois N, default 25,000, about what OpenStreetMap
//    holds named in the city) in the city's box from the real extracts' names and categories;
//    discover (POIs and gazetteer) and browse, p50 and p99 over --queries N (default 2000).
// Options: --pois N, --queries N, --seed S.

import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { browse, discover, PoiIndex, poisFromOsmPbf, type DiscoverSources, type PoiRecord } from '../../../shared/discover';
import { getDefaultIndex, search, toItem } from '../../../shared/geocoding';
import { seededRandom } from '../../fixtures/random';
import { QUERIES } from './queries';

const args = process.argv.slice(2);
const arg = (name: string, def: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const POIS = arg('--pois', 25_000);
const N = arg('--queries', 2000);
const SEED = arg('--seed', 42);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number) => x.toFixed(2) + ' ms';

const index = getDefaultIndex();
// the gazetteer beside the POIs, as the handler's geocoder adds it (without custom places or streets)
const places: DiscoverSources['places'] = async (q) => {
  const at = q.at ? { lat: Number(q.at.split(',')[0]), lng: Number(q.at.split(',')[1]) } : undefined;
  const { entities } = search({ query: q.q, at, limit: Number(q.limit) }, { index });
  return { items: entities.map((e) => toItem(e, index, { at })) };
};

const real = ['andorra', 'monaco', 'north-bayreuth'].map((region) => {
  const pbf = readFileSync(resolve(import.meta.dirname, `../../fixtures/osm/${region}.osm.pbf`));
  return new PoiIndex(region, poisFromOsmPbf(pbf));
});

// ---- 1. relevance ------------------------------------------------------------------------
let top1 = 0;
let top5 = 0;
const misses: string[] = [];
for (const judged of QUERIES) {
  const { items } = await discover({ pois: () => real, defaultIndex: () => index, places }, { q: judged.q, at: judged.at, limit: '5' });
  const good = (it: (typeof items)[number]) =>
    judged.title ? it.title === judged.title : (it as { categories?: Array<{ id: string }> }).categories?.[0]?.id === judged.category;
  const hit5 = judged.title ? items.some(good) : items.length > 0 && items.every(good);
  if (items[0] && good(items[0])) top1++;
  if (hit5) top5++;
  else misses.push(`"${judged.q}" -> ${items.map((i) => i.title).join(' | ') || '(nothing)'}`);
}
const realCount = real.reduce((s, r) => s + r.size, 0);
console.log(`relevance: ${QUERIES.length} queries on ${realCount} real POIs (${real.map((r) => `${r.region} ${r.size}`).join(', ')})`);
console.log(
  `  top-1 ${top1}/${QUERIES.length} (${((100 * top1) / QUERIES.length).toFixed(0)} %), top-5 ${top5}/${QUERIES.length} (${((100 * top5) / QUERIES.length).toFixed(0)} %)`,
);
for (const m of misses) console.log(`  miss: ${m}`);

// ---- 2. latency on a Gothenburg-sized region ---------------------------------------------
const rnd = seededRandom(SEED);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
const models = real.flatMap((r) => r.records);
const nameWords = models.flatMap((r) => r.name.split(/\s+/)).filter((w) => w.length > 2);
const records: PoiRecord[] = [];
for (let i = 0; i < POIS; i++) {
  const model = pick(models);
  const name = rnd() < 0.5 ? `${pick(nameWords)} ${pick(nameWords)}` : `${model.name} ${pick(nameWords)}`;
  records.push({ ...model, name, lat: 57.63 + rnd() * 0.15, lon: 11.85 + rnd() * 0.25 });
}
const t0 = performance.now();
const gothenburg = new PoiIndex('gothenburg-synthetic', records);
const buildMs = performance.now() - t0;
const sources: DiscoverSources = { pois: () => [gothenburg], defaultIndex: () => index, places };
const categories = [...new Set(records.map((r) => r.category.split('=')[1]))];
const point = () => `${(57.65 + rnd() * 0.1).toFixed(5)},${(11.9 + rnd() * 0.15).toFixed(5)}`;
const query = () => {
  const r = pick(records);
  const kind = rnd();
  if (kind < 0.4) return r.name;
  if (kind < 0.7) return r.name.split(' ')[0].slice(0, Math.max(3, Math.ceil(r.name.length / 3)));
  return r.category.split('=')[1].replace(/_/g, ' ');
};
for (let i = 0; i < 200; i++) await discover(sources, { q: query(), at: point() });
// wall time, and this process's CPU time: on a shared machine the gap is time spent waiting for a core
const discoverMs: number[] = [];
const browseMs: number[] = [];
const discoverCpu: number[] = [];
const browseCpu: number[] = [];
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
for (let i = 0; i < N; i++) {
  const q = query();
  const at = point();
  let t = performance.now();
  let c = process.cpuUsage();
  await discover(sources, { q, at });
  discoverMs.push(performance.now() - t);
  discoverCpu.push(cpuMs(c));
  t = performance.now();
  c = process.cpuUsage();
  await browse(sources, { at, categories: rnd() < 0.5 ? pick(categories) : `${pick(categories)},${pick(categories)}` });
  browseMs.push(performance.now() - t);
  browseCpu.push(cpuMs(c));
}
console.log(`latency: ${POIS} generated POIs in Gothenburg's box (index built in ${ms(buildMs)}), ${N} queries each`);
const line = (wall: number[], cpu: number[]) =>
  `p50 ${ms(pct(wall, 50))}, p99 ${ms(pct(wall, 99))} (CPU p50 ${ms(pct(cpu, 50))}, p99 ${ms(pct(cpu, 99))})`;
console.log(`  discover (POIs + gazetteer): ${line(discoverMs, discoverCpu)}`);
console.log(`  browse: ${line(browseMs, browseCpu)}`);
console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}`);
