/**
 * Self-intersection on comb-shaped rings: long teeth stacked side by side keep every tooth in
 * the sweep at once, the worst case for an x-sorted pair sweep. Measures findSelfIntersection
 * (the ring as given, simple) and validatePolygon (the whole geofence check, which refuses rings
 * over MAX_POLYGON_POSITIONS before any geometry) on combs of growing size; median of `runs`.
 */
import { performance } from 'node:perf_hooks';
import { findSelfIntersection, MAX_POLYGON_POSITIONS, validatePolygon, type LonLat } from '../../../shared/geo';

/** A simple comb of `teeth` horizontal teeth, each 1 degree long, within a 2 x 2 degree box. */
export function combRing(teeth: number): LonLat[] {
  const ring: LonLat[] = [];
  const h = 2 / (2 * teeth);
  for (let t = 0; t < teeth; t++) {
    const y = 50 + t * 2 * h;
    ring.push([10.5, y], [12, y], [12, y + h], [10.5, y + h]);
  }
  ring.push([10, 50 + 2 - h], [10, 50], [10.5, 50]);
  return ring;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(f: () => unknown, runs: number): number {
  const out: number[] = [];
  f(); // warm-up
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    out.push(performance.now() - t0);
  }
  return median(out);
}

export function runCombBenchmark(runs = 5): string[] {
  const lines: string[] = [];
  for (const teeth of [250, 2_499, 30_000]) {
    const ring = combRing(teeth);
    const positions = ring.length;
    if (findSelfIntersection(ring) !== null) throw new Error(`comb of ${teeth} teeth should be simple`);
    const sweep = time(() => findSelfIntersection(ring), runs);
    const validate = time(() => {
      try {
        validatePolygon(ring);
      } catch {
        // over the position cap: refused, which is what is timed
      }
    }, runs);
    const capped = positions > MAX_POLYGON_POSITIONS ? 'refused (cap)' : 'accepted';
    lines.push(
      `comb ${positions} positions: findSelfIntersection median ${sweep.toFixed(1)} ms; validatePolygon median ${validate.toFixed(1)} ms (${capped})`,
    );
  }
  return lines;
}
