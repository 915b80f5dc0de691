// Geocoding benchmark: `npm run bench:geocode`.
// 1. Cold start: artefact load, first search (builds the index shards it needs), then the
//    rest of the index; time and memory.
// 2. 1,000 queries generated deterministically (seeded PRNG) from the dataset: exact, prefix,
//    one typo, prefix + typo, "name country"; half with a focus point near the target.
//    Reports p50/p90/p99 latency and top-1/top-5 hit rate (target geonameid in the results).
// 3. Alternative start-up path: MiniSearch toJSON/loadJSON (measured, not used).
// 4. The GET family (family.ts): autocomplete latency and top-5 hit rate on the same queries,
//    reverse geocoding latency near places and anywhere.
// 5. Street level (streets.ts): 300 street queries on the Gothenburg network, alone, with their
//    city, as a prefix and with a typo.
// Options: --queries N (default 1000), --seed S (default 42), --json (machine-readable line).

import { cpus, loadavg } from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { defaultArtefactPath, DefaultIndex, search, type SearchRequest } from '../../../shared/geocoding';
import { shardOptions } from '../../../shared/geocoding/minisearch-shard';
import { placesByFirstChar } from '../../../shared/geocoding/word-index';
import { seededRandom } from '../../fixtures/random';
import { benchFamily } from './family';
import { benchStreets, printStreets } from './streets';

const args = process.argv.slice(2);
const arg = (name: string, def: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const N = arg('--queries', 1000);
const SEED = arg('--seed', 42);

const mb = (b: number) => (b / 1024 / 1024).toFixed(0) + ' MB';
// a full GC between phases so one phase's garbage is not collected during the next one's timing
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (() => void) | undefined;

// ---- 0. child mode: one cold start in a fresh process -----------------------------------
if (args[0] === '--cold') {
  const c0 = performance.now();
  const fresh = DefaultIndex.load();
  const c1 = performance.now();
  const r = search({ query: args[1], limit: 5 }, { index: fresh });
  const c2 = performance.now();
  console.log(
    JSON.stringify({
      query: args[1],
      loadMs: c1 - c0,
      firstSearchMs: c2 - c1,
      totalMs: c2 - c0,
      shards: fresh.stats.shardsBuilt,
      top: r.entities[0]?.place[0].city,
    }),
  );
  process.exit(0);
}

/** Cold start in a fresh process (same node flags, so tsx works): artefact load + one search. */
function coldChild(query: string): { query: string; loadMs: number; firstSearchMs: number; totalMs: number; shards: number; top: string } {
  const out = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--cold', query], { encoding: 'utf8' });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line);
}

// ---- 1. cold start ---------------------------------------------------------------------
const coldRuns = ['new yrok', 'Lomdon', 'paris fr'].map(coldChild);
gc?.();
const mem0 = process.memoryUsage();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const index = DefaultIndex.load();
const tLoaded = performance.now();
const firstReq: SearchRequest = { query: 'new yrok', limit: 10 };
const first = search(firstReq, { index });
const tFirst = performance.now();
const cpuCold = process.cpuUsage(cpu0);
const mem1 = process.memoryUsage();
const statsAfterFirst = index.stats;
// the rest of the index (shards not needed by the first search)
const tAll0 = performance.now();
index.buildAllShards();
const buildRestMs = performance.now() - tAll0;
const statsAll = index.stats;
const mem2 = process.memoryUsage();
const cold = {
  artefactBytes: statSync(defaultArtefactPath()).size,
  places: statsAll.places,
  terms: statsAll.terms,
  shards: statsAll.shardsTotal,
  loadMs: statsAfterFirst.loadMs,
  prepMs: statsAfterFirst.indexMs,
  firstSearchMs: tFirst - tLoaded,
  firstSearchShards: statsAfterFirst.shardsBuilt,
  coldTotalMs: tFirst - t0,
  coldCpuMs: (cpuCold.user + cpuCold.system) / 1000,
  buildRestMs,
  fullIndexMs: statsAll.loadMs + statsAll.indexMs + statsAll.shardBuildMs,
  rssMB: mem2.rss / 1024 / 1024,
  heapUsedMB: mem2.heapUsed / 1024 / 1024,
  rssDeltaMB: (mem2.rss - mem0.rss) / 1024 / 1024,
  rssAfterFirstMB: mem1.rss / 1024 / 1024,
};
if (first.entities[0]?.place[0].city !== 'New York City') throw new Error('sanity: "new yrok" should find New York City');

// ---- 2. generated queries ---------------------------------------------------------------
const g = index.g;
const rand = seededRandom(SEED);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const major: number[] = [];
for (let i = 0; i < g.size; i++) if (g.population[i] >= 15_000) major.push(i);

const KINDS = ['exact', 'prefix', 'typo', 'prefix+typo', 'name country'] as const;
type Kind = (typeof KINDS)[number];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function typo(s: string): string {
  // one edit at a position >= 1 (the first letter is kept): substitute, delete, insert or swap
  const p = 1 + Math.floor(rand() * (s.length - 1));
  const c = LETTERS[Math.floor(rand() * 26)];
  switch (Math.floor(rand() * 4)) {
    case 0:
      return s.slice(0, p) + (c === s[p] ? LETTERS[(LETTERS.indexOf(c) + 1) % 26] : c) + s.slice(p + 1);
    case 1:
      return s.slice(0, p) + s.slice(p + 1);
    case 2:
      return s.slice(0, p) + c + s.slice(p);
    default:
      return p + 1 < s.length && s[p] !== s[p + 1] ? s.slice(0, p) + s[p + 1] + s[p] + s.slice(p + 2) : s.slice(0, p) + s.slice(p + 1);
  }
}

interface Q {
  req: SearchRequest;
  target: string;
  kind: Kind;
  focus: boolean;
  stratum: 'pop>=15k' | 'any';
}
const queries: Q[] = [];
while (queries.length < N) {
  const k = queries.length;
  const kind = KINDS[k % KINDS.length];
  const focus = Math.floor(k / KINDS.length) % 2 === 1;
  const stratum = rand() < 0.6 ? 'pop>=15k' : 'any';
  const i = stratum === 'pop>=15k' ? pick(major) : Math.floor(rand() * g.size);
  const name = g.name[i];
  if (!/^[\p{Script=Latin}\s'’.-]+$/u.test(name)) continue; // names must be typeable
  const lower = rand() < 0.5 ? name.toLowerCase() : name;
  let query: string;
  if (kind === 'exact') query = lower;
  else if (kind === 'prefix') {
    if (name.length < 5) continue;
    query = lower.slice(0, Math.max(4, Math.ceil(name.length * 0.6)));
  } else if (kind === 'typo') {
    if (name.length < 5) continue;
    query = typo(lower);
  } else if (kind === 'prefix+typo') {
    if (name.length < 7) continue;
    query = typo(lower.slice(0, Math.max(5, Math.ceil(name.length * 0.7))));
  } else {
    const c = g.countries[g.country[i]];
    const r = rand();
    query = r < 0.5 ? `${lower} ${c.name}` : r < 0.75 ? `${lower}, ${c.alpha2}` : `${lower} ${c.alpha3.toLowerCase()}`;
  }
  const req: SearchRequest = { query, limit: 5 };
  if (focus) {
    // focus point within ~30 km of the target
    const d = rand() * 0.27;
    const a = rand() * 2 * Math.PI;
    req.at = { lat: Math.max(-90, Math.min(90, g.lat[i] + d * Math.sin(a))), lng: ((g.lon[i] + d * Math.cos(a) + 540) % 360) - 180 };
  }
  queries.push({ req, target: 'gn:' + g.geonameId[i], kind, focus, stratum });
}

// warm-up on other queries (JIT), then measure
const warm = seededRandom(SEED + 1);
for (let w = 0; w < 100; w++) {
  const i = Math.floor(warm() * g.size);
  search({ query: g.name[i].slice(0, 3 + Math.floor(warm() * 6)), limit: 5 }, { index });
}

gc?.();
const lat: number[] = [];
const cpuLat: number[] = [];
type Acc = { n: number; top1: number; top5: number; lat: number[] };
const by = new Map<string, Acc>();
const acc = (key: string) => {
  let a = by.get(key);
  if (!a) by.set(key, (a = { n: 0, top1: 0, top5: 0, lat: [] }));
  return a;
};
const misses: string[] = [];
const timed: { ms: number; cpu: number; q: Q }[] = [];
for (const q of queries) {
  const c = process.cpuUsage();
  const s = performance.now();
  const res = search(q.req, { index });
  const ms = performance.now() - s;
  const cu = process.cpuUsage(c);
  cpuLat.push((cu.user + cu.system) / 1000);
  lat.push(ms);
  timed.push({ ms, cpu: (cu.user + cu.system) / 1000, q });
  const ids = res.entities.map((e) => e.docId);
  const r = ids.indexOf(q.target);
  for (const key of ['all', `kind:${q.kind}`, q.focus ? 'focus:yes' : 'focus:no', `stratum:${q.stratum}`]) {
    const a = acc(key);
    a.n++;
    a.lat.push(ms);
    if (r === 0) a.top1++;
    if (r >= 0 && r < 5) a.top5++;
  }
  if ((r < 0 || r >= 5) && misses.length < 15)
    misses.push(
      `${q.kind}${q.focus ? ' @' : ''} ${JSON.stringify(q.req.query)} -> want ${q.target}, got ${res.entities[0]?.place[0].city ?? '-'}`,
    );
}

// ---- 2. serialized-index alternative (after the latency run: it allocates a lot) ------------
gc?.();
const serialized = measureSerializedIndex(g.keys);

/**
 * The alternative start-up path: each shard's MiniSearch index serialized at build time
 * (toJSON) and loaded at run time (loadJSON), summed over the shards the engine would build.
 */
function measureSerializedIndex(keys: readonly string[]): { bytes: number; toJSONMs: number; loadJSONMs: number } {
  let bytes = 0;
  let toJSONMs = 0;
  let loadJSONMs = 0;
  for (const [c, places] of placesByFirstChar(keys)) {
    const ms = new MiniSearch<number>(shardOptions(keys, c));
    for (const i of places) ms.add(i);
    const t0 = performance.now();
    const json = JSON.stringify(ms);
    const t1 = performance.now();
    MiniSearch.loadJSON<number>(json, shardOptions(keys, c));
    bytes += json.length;
    toJSONMs += t1 - t0;
    loadJSONMs += performance.now() - t1;
  }
  return { bytes, toJSONMs, loadJSONMs };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f = (x: number) => x.toFixed(3);

console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(`artefact: ${(cold.artefactBytes / 1e6).toFixed(2)} MB gz, ${cold.places} places`);
console.log(
  `cold start to first answer ("new yrok"): load ${cold.loadMs.toFixed(0)} ms + prep ${cold.prepMs.toFixed(0)} ms + first search ${cold.firstSearchMs.toFixed(0)} ms ` +
    `(built ${cold.firstSearchShards}/${cold.shards} shards) = ${cold.coldTotalMs.toFixed(0)} ms wall, ${cold.coldCpuMs.toFixed(0)} ms CPU (all threads); rss ${cold.rssAfterFirstMB.toFixed(0)} MB`,
);
console.log(
  `full index (all ${cold.shards} shards, ${cold.terms} words): rest built in ${cold.buildRestMs.toFixed(0)} ms; load + prep + all shards = ${cold.fullIndexMs.toFixed(0)} ms`,
);
for (const c of coldRuns) {
  console.log(
    `cold start in a fresh process, query ${JSON.stringify(c.query)}: load ${c.loadMs.toFixed(0)} ms + first search ${c.firstSearchMs.toFixed(0)} ms ` +
      `(${c.shards} shards) = ${c.totalMs.toFixed(0)} ms -> ${c.top}`,
  );
}
console.log(`memory with the full index: rss ${mb(mem2.rss)} (+${cold.rssDeltaMB.toFixed(0)} MB), heapUsed ${mb(mem2.heapUsed)}`);
console.log(
  `alternative (serialized MiniSearch index): JSON ${(serialized.bytes / 1e6).toFixed(1)} MB, toJSON ${serialized.toJSONMs.toFixed(0)} ms, ` +
    `loadJSON ${serialized.loadJSONMs.toFixed(0)} ms, summed over the shards (vs building them from the artefact above)`,
);
console.log(
  `queries: ${queries.length} (seed ${SEED}); latency p50 ${f(pct(lat, 50))} ms, p90 ${f(pct(lat, 90))} ms, p99 ${f(pct(lat, 99))} ms, max ${f(Math.max(...lat))} ms`,
);
console.log(
  `CPU time per query (less sensitive to other load on the machine): p50 ${f(pct(cpuLat, 50))} ms, p90 ${f(pct(cpuLat, 90))} ms, p99 ${f(pct(cpuLat, 99))} ms`,
);
console.log('group                 n     top-1   top-5   p50 ms  p99 ms');
for (const [key, a] of [...by].sort()) {
  console.log(
    `${key.padEnd(20)} ${String(a.n).padStart(4)}  ${((100 * a.top1) / a.n).toFixed(1).padStart(6)}% ${((100 * a.top5) / a.n).toFixed(1).padStart(6)}%  ${f(pct(a.lat, 50)).padStart(6)}  ${f(pct(a.lat, 99)).padStart(6)}`,
  );
}
const all = by.get('all')!;
const ok = pct(lat, 50) <= 1 && pct(lat, 99) <= 10 && all.top5 / all.n >= 0.85;
console.log(`targets p50 <= 1 ms, p99 <= 10 ms, top-5 >= 85%: ${ok ? 'MET' : 'NOT MET'}`);
console.log('sample misses:\n  ' + misses.join('\n  '));
timed.sort((a, b) => b.cpu - a.cpu);
console.log(
  'slowest (CPU):\n  ' +
    timed
      .slice(0, 12)
      .map(
        (t) =>
          `${t.cpu.toFixed(1)} ms CPU, ${t.ms.toFixed(1)} ms wall: ${t.q.kind}${t.q.focus ? ' @' : ''} ${JSON.stringify(t.q.req.query)}`,
      )
      .join('\n  '),
);
// ---- 4. the GET family: autocomplete and reverse geocoding -------------------------------
gc?.();
const family = await benchFamily(index, queries, SEED);
console.log(
  `autocomplete (service, Item mapping, limit 5): p50 ${f(family.autocomplete.p50)} ms, p99 ${f(family.autocomplete.p99)} ms ` +
    `(CPU p50 ${f(family.autocomplete.cpuP50)} ms, p99 ${f(family.autocomplete.cpuP99)} ms); ` +
    `top-5 ${(100 * family.autocomplete.top5).toFixed(1)}% vs multigeocode search ${(100 * family.autocomplete.searchTop5).toFixed(1)}%`,
);
const work = family.autocomplete.work;
console.log(
  `autocomplete work per query: places generated p50 ${work.generatedP50}, p99 ${work.generatedP99}; fully ranked p50 ${work.rankedP50}, ` +
    `p99 ${work.rankedP99}; typo pass in ${(100 * work.typoPassShare).toFixed(1)}% of queries`,
);
console.log('autocomplete slowest (wall):\n  ' + family.autocomplete.slowest.join('\n  '));
console.log(
  `reverse geocode (service, nearest place): p50 ${f(family.reverse.p50)} ms, p99 ${f(family.reverse.p99)} ms ` +
    `(near places p50 ${f(family.reverse.nearP50)} ms, random points anywhere p50 ${f(family.reverse.anywhereP50)} ms)`,
);
const familyOk =
  family.reverse.p50 <= 1 &&
  family.autocomplete.p50 <= 2 &&
  family.autocomplete.p99 <= 10 &&
  family.autocomplete.top5 >= family.autocomplete.searchTop5;
console.log(`targets revgeocode p50 <= 1 ms, autocomplete p50 <= 2 ms, p99 <= 10 ms, top-5 >= search: ${familyOk ? 'MET' : 'NOT MET'}`);
// ---- 5. street level ----------------------------------------------------------------------
gc?.();
const streets = await benchStreets(index, SEED);
printStreets(streets);
if (args.includes('--json')) {
  console.log(
    JSON.stringify({
      cold,
      coldRuns,
      serialized,
      p50: pct(lat, 50),
      p90: pct(lat, 90),
      p99: pct(lat, 99),
      top1: all.top1 / all.n,
      top5: all.top5 / all.n,
      cpuP50: pct(cpuLat, 50),
      cpuP99: pct(cpuLat, 99),
      family,
      streets,
    }),
  );
}
