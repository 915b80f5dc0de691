// Street-level geocoding on the Gothenburg demo network, in process, through the service the
// handlers call: streets named alone, with their city ("Kungsgatan Göteborg", "Kungsgatan,
// Göteborg"), as a prefix and with one typo, by /geocode and /autocomplete. A hit is a result
// with the street's name in its city among the first five. Also run alone:
// `npx tsx tests/bench/geocode/streets.ts`.

import { type DefaultIndex, getDefaultIndex } from '../../../shared/geocoding';
import { PlaceOverlayCache } from '../../../shared/places/cache';
import { GeocodeService, streetsOfNetworks } from '../../../shared/places/geocode';
import { loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { MemoryPlaceStore } from '../../fixtures/memory/places';
import { seededRandom } from '../../fixtures/random';

const KINDS = ['exact', 'with city', 'comma city', 'prefix', 'typo', 'typo with city'] as const;
type Kind = (typeof KINDS)[number];

export interface StreetFigures {
  streets: number;
  buildMs: number;
  queries: number;
  byKind: Record<Kind, { n: number; top5: number; p50: number; p99: number }>;
  p50: number;
  p99: number;
  cpuP50: number;
  cpuP99: number;
  top5: number;
  slowest: string[];
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

function typo(s: string, rand: () => number): string {
  // a substitution or deletion after the first two letters, inside the first word
  const word = s.split(' ')[0];
  const p = 2 + Math.floor(rand() * Math.max(1, word.length - 3));
  return rand() < 0.5 ? s.slice(0, p) + s.slice(p + 1) : s.slice(0, p) + (s[p] === 'e' ? 'a' : 'e') + s.slice(p + 1);
}

export async function benchStreets(index: DefaultIndex, seed: number, count = 300): Promise<StreetFigures> {
  const registry = new NetworkRegistry().add(loadGothenburgSample());
  const streetsOf = streetsOfNetworks(
    () => registry,
    () => index,
  );
  const t0 = performance.now();
  const streets = streetsOf()!;
  const buildMs = performance.now() - t0;
  const service = new GeocodeService(new PlaceOverlayCache(new MemoryPlaceStore()), { defaultIndex: () => index, streets: streetsOf });
  const rand = seededRandom(seed + 3);
  const all = streets.overlay.list().filter((p) => p.place[0].street && p.place[0].city && p.place[0].street!.length >= 6);
  const queries: { q: string; kind: Kind; street: string; city: string; op: 'geocode' | 'autocomplete' }[] = [];
  for (let k = 0; k < count; k++) {
    const item = all[Math.floor(rand() * all.length)].place[0];
    const street = item.street!;
    const city = item.city!;
    const kind = KINDS[k % KINDS.length];
    const q =
      kind === 'exact'
        ? street
        : kind === 'with city'
          ? `${street} ${city}`
          : kind === 'comma city'
            ? `${street}, ${city}`
            : kind === 'prefix'
              ? street.slice(0, Math.max(5, Math.ceil(street.length * 0.6)))
              : kind === 'typo'
                ? typo(street, rand)
                : `${typo(street, rand)} ${city}`;
    queries.push({ q, kind, street, city, op: kind === 'prefix' ? 'autocomplete' : 'geocode' });
  }
  // warm-up (JIT, the overlay's and the word index's lazy parts)
  for (const w of queries.slice(0, 30)) await service.freeText('bench', w.op, { q: w.q, limit: '5' });
  const wall: number[] = [];
  const cpu: number[] = [];
  const timed: { ms: number; cpu: number; q: string }[] = [];
  const byKind = Object.fromEntries(KINDS.map((k) => [k, { n: 0, top5: 0, lat: [] as number[] }])) as Record<
    Kind,
    { n: number; top5: number; lat: number[] }
  >;
  let top5 = 0;
  for (const query of queries) {
    const c = process.cpuUsage();
    const t = performance.now();
    const { items } = await service.freeText('bench', query.op, { q: query.q, limit: '5' });
    const ms = performance.now() - t;
    const cu = process.cpuUsage(c);
    wall.push(ms);
    cpu.push((cu.user + cu.system) / 1000);
    timed.push({ ms, cpu: (cu.user + cu.system) / 1000, q: `${query.op} ${JSON.stringify(query.q)}` });
    const hit = items.some((i) => i.title === query.street && i.address.city === query.city);
    const acc = byKind[query.kind];
    acc.n++;
    acc.lat.push(ms);
    if (hit) {
      acc.top5++;
      top5++;
    }
  }
  timed.sort((a, b) => b.cpu - a.cpu);
  return {
    streets: streets.size,
    buildMs,
    queries: queries.length,
    byKind: Object.fromEntries(
      KINDS.map((k) => [
        k,
        { n: byKind[k].n, top5: byKind[k].top5 / byKind[k].n, p50: pct(byKind[k].lat, 50), p99: pct(byKind[k].lat, 99) },
      ]),
    ) as StreetFigures['byKind'],
    p50: pct(wall, 50),
    p99: pct(wall, 99),
    cpuP50: pct(cpu, 50),
    cpuP99: pct(cpu, 99),
    top5: top5 / queries.length,
    slowest: timed.slice(0, 5).map((t) => `${t.cpu.toFixed(1)} ms CPU, ${t.ms.toFixed(1)} ms wall: ${t.q}`),
  };
}

export function printStreets(s: StreetFigures): void {
  const f = (x: number) => x.toFixed(3);
  console.log(
    `streets (Gothenburg network, ${s.streets} streets built in ${s.buildMs.toFixed(0)} ms; ${s.queries} queries through the service): ` +
      `p50 ${f(s.p50)} ms, p99 ${f(s.p99)} ms (CPU p50 ${f(s.cpuP50)} ms, p99 ${f(s.cpuP99)} ms), top-5 ${(100 * s.top5).toFixed(1)}%`,
  );
  for (const [kind, k] of Object.entries(s.byKind))
    console.log(
      `  ${kind.padEnd(16)} ${String(k.n).padStart(4)}  top-5 ${(100 * k.top5).toFixed(1).padStart(5)}%  p50 ${f(k.p50)} ms  p99 ${f(k.p99)} ms`,
    );
  console.log('  slowest (CPU):\n    ' + s.slowest.join('\n    '));
}

if (process.argv[1]?.endsWith('streets.ts')) {
  const index = getDefaultIndex();
  index.buildAllShards();
  printStreets(await benchStreets(index, 42));
}
