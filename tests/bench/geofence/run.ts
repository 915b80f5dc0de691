/**
 * npm run bench:geofence
 *  1. Domain part (shared/geo, ./domain.ts): contains with 100 fences of 64-1000 vertices x
 *     50 points = 5000 pairs, median and p99 over 1000 runs after warm-up.
 *  2. Comb part (./comb.ts): self-intersection sweep on comb-shaped rings of up to 120k positions.
 *  3. End-to-end part (./http.ts): GET /geofence/contain through `npm start` and DynamoDB Local.
 *     Skip it with `npm run bench:geofence -- --domain-only` (or GEOFENCE_BENCH_HTTP=0).
 */
import { loadAverage, machine } from '../host';
import { runCombBenchmark } from './comb';
import { formatDomainResult, runDomainBenchmark } from './domain';

const target = 2; // ms median for 5000 pairs: the containment speed target
console.log(`machine: ${machine()}`);
console.log(`load average before: ${loadAverage()}`);
let ok = true;
for (const scenario of ['clustered', 'worst', 'spiky'] as const) {
  const r = runDomainBenchmark({ scenario });
  console.log(formatDomainResult(r));
  if (scenario !== 'spiky') ok &&= r.contains.median <= target;
}
console.log(`load average after: ${loadAverage()}`);
for (const line of runCombBenchmark()) console.log(line);
console.log(`domain target (clustered and worst): median <= ${target} ms for 5000 pairs -> ${ok ? 'met' : 'NOT met'}`);

if (!process.argv.includes('--domain-only') && process.env.GEOFENCE_BENCH_HTTP !== '0') {
  const { formatHttpResult, runHttpBenchmark } = await import('./http');
  try {
    console.log(formatHttpResult(await runHttpBenchmark()));
  } catch (e) {
    console.error(`http part failed (the domain figures above stand): ${(e as Error).message.split('\n').slice(0, 6).join('\n')}`);
    process.exitCode = 1;
  }
}
