/**
 * Domain-level geofence containment benchmark: 100 fences of 64-1000
 * vertices x 50 points = 5000 pairs through shared/geo, no HTTP, no storage.
 * Exported so run.ts (and a later HTTP benchmark) can call it.
 */
import { compileFences, type FenceInput, type LatLon, type LonLat } from '../../../shared/geo';
import { seededRandom } from '../../fixtures/random';

export interface DomainBenchOptions {
  fences?: number;
  points?: number;
  minVertices?: number;
  maxVertices?: number;
  warmup?: number;
  runs?: number;
  seed?: number;
  /** 'clustered': fences and points spread over one ~1 x 1 degree region (the bbox prefilter
   *  removes most pairs); 'worst': all fences overlap and every point is inside every fence's
   *  bounding box (and polygon), so all 5000 pairs get the exact test; 'spiky': as 'worst' with
   *  zig-zag polygons (random radius per vertex). */
  scenario?: 'clustered' | 'worst' | 'spiky';
}

export interface Stats {
  median: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

export interface DomainBenchResult {
  scenario: string;
  fences: number;
  points: number;
  pairs: number;
  totalVertices: number;
  pairsInBbox: number;
  pairsInside: number;
  runs: number;
  /** ms per contains() call on a precompiled set (5000 pairs). */
  contains: Stats;
  /** ms per compileFences() + contains() (no cache of compiled fences). */
  compileAndContains: Stats;
}

/**
 * Random simple star-shaped polygon with n vertices around (lon, lat), mean radius r degrees.
 * 'smooth': radius varies smoothly with the angle (like drawn areas and isochrones);
 * 'spiky': independent random radius per vertex (a zig-zag boundary that a horizontal line
 * crosses hundreds of times: a pathological case for any crossing-number test).
 */
function star(rand: () => number, lon: number, lat: number, r: number, n: number, shape: 'smooth' | 'spiky'): LonLat[] {
  const ring: LonLat[] = [];
  const k1 = 2 + Math.floor(rand() * 4),
    k2 = 5 + Math.floor(rand() * 8);
  const p1 = rand() * 6.283,
    p2 = rand() * 6.283;
  for (let i = 0; i < n; i++) {
    const t = (i / n) * 2 * Math.PI;
    const rr =
      shape === 'spiky'
        ? r * (0.4 + 0.6 * rand())
        : r * (1 + 0.3 * Math.sin(k1 * t + p1) + 0.12 * Math.sin(k2 * t + p2) + 0.01 * (rand() - 0.5));
    ring.push([lon + Math.cos(t) * rr, lat + Math.sin(t) * rr]);
  }
  ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

export function makeScenario(
  o: Required<Pick<DomainBenchOptions, 'fences' | 'points' | 'minVertices' | 'maxVertices' | 'seed' | 'scenario'>>,
): { fences: FenceInput[]; points: LatLon[] } {
  const rand = seededRandom(o.seed);
  const fences: FenceInput[] = [];
  for (let i = 0; i < o.fences; i++) {
    // Vertex counts spread evenly over [minVertices, maxVertices].
    const n = Math.round(o.minVertices + ((o.maxVertices - o.minVertices) * i) / Math.max(1, o.fences - 1));
    const worst = o.scenario !== 'clustered';
    const lon = worst ? 13.4 + (rand() - 0.5) * 0.01 : 13 + rand();
    const lat = worst ? 52.5 + (rand() - 0.5) * 0.01 : 52 + rand();
    const r = worst ? 0.2 : 0.02 + 0.15 * rand();
    const ring = star(rand, lon, lat, r, n, o.scenario === 'spiky' ? 'spiky' : 'smooth');
    fences.push({ id: `f${i}`, type: 'polygon', geojson: { type: 'Polygon', coordinates: [ring] } });
  }
  const points: LatLon[] = [];
  for (let i = 0; i < o.points; i++) {
    points.push(
      o.scenario !== 'clustered'
        ? { lon: 13.4 + (rand() - 0.5) * 0.1, lat: 52.5 + (rand() - 0.5) * 0.1 }
        : { lon: 13 + rand(), lat: 52 + rand() },
    );
  }
  return { fences, points };
}

function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p99: q(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length, min: s[0], max: s[s.length - 1] };
}

export function runDomainBenchmark(opts: DomainBenchOptions = {}): DomainBenchResult {
  const o = {
    fences: opts.fences ?? 100,
    points: opts.points ?? 50,
    minVertices: opts.minVertices ?? 64,
    maxVertices: opts.maxVertices ?? 1000,
    seed: opts.seed ?? 42,
    scenario: opts.scenario ?? 'clustered',
  } as const;
  const warmup = opts.warmup ?? 200;
  const runs = opts.runs ?? 1000;
  const { fences, points } = makeScenario(o);
  const set = compileFences(fences);
  let pairsInBbox = 0;
  for (const f of set.fences)
    for (const p of points) {
      if (p.lat >= f.minLat && p.lat <= f.maxLat && p.lon >= f.minLon && p.lon <= f.maxLon) pairsInBbox++;
    }
  let pairsInside = 0;
  for (const r of set.contains(points)) for (const c of r.contain) if (c) pairsInside++;

  let sink = 0;
  for (let i = 0; i < warmup; i++) sink += set.contains(points).length;
  const t1: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = set.contains(points);
    t1.push(performance.now() - t);
    sink += r.length;
  }
  for (let i = 0; i < Math.max(10, warmup / 10); i++) sink += compileFences(fences).contains(points).length;
  const t2: number[] = [];
  const runs2 = Math.max(50, Math.floor(runs / 10));
  for (let i = 0; i < runs2; i++) {
    const t = performance.now();
    const r = compileFences(fences).contains(points);
    t2.push(performance.now() - t);
    sink += r.length;
  }
  if (sink < 0) console.log(sink);
  return {
    scenario: o.scenario,
    fences: fences.length,
    points: points.length,
    pairs: fences.length * points.length,
    totalVertices: set.fences.reduce((a, f) => a + (f.kind === 'polygon' ? f.vertices : 0), 0),
    pairsInBbox,
    pairsInside,
    runs,
    contains: stats(t1),
    compileAndContains: stats(t2),
  };
}

export function formatDomainResult(r: DomainBenchResult): string {
  const f = (s: Stats) =>
    `median ${s.median.toFixed(3)} ms, p99 ${s.p99.toFixed(3)} ms, mean ${s.mean.toFixed(3)} ms, min ${s.min.toFixed(3)} ms`;
  return [
    `geofence contains (domain, scenario=${r.scenario}): ${r.fences} fences (${r.totalVertices} vertices) x ${r.points} points = ${r.pairs} pairs; ${r.pairsInBbox} pairs pass the bbox prefilter, ${r.pairsInside} inside`,
    `  contains() on a compiled set, ${r.runs} runs: ${f(r.contains)}`,
    `  compileFences() + contains():          ${f(r.compileAndContains)}`,
  ].join('\n');
}
