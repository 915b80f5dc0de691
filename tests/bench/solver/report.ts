// Summaries of a solver benchmark run: gaps to best-known values, and a side-by-side with a VROOM
// baseline measured on the same matrices.
import type { Baseline, Bks } from './tables';

export interface Row {
  name: string;
  vehicles: number;
  /** Double-precision Euclidean length of the routes. */
  distance: number;
  seconds: number;
  /** Unassigned tasks plus checker violations: such a result is not comparable. */
  bad: number;
  bksHierarchical?: Bks;
  bksDistance?: Bks;
}

const FAMILY_ORDER = ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2'];

/** C1 / R2 / RC1 ... from Solomon (`R101`), Gehring & Homberger (`r1_2_1`) and Li & Lim (`lrc101`) names. */
export function family(name: string): string {
  const m = /^(L?)(RC|R|C)([12])/i.exec(name);
  return m ? `${m[1]}${m[2]}${m[3]}`.toUpperCase() : 'other';
}

/** CPU seconds (user + system) of this process since `since`: steadier than wall time on a loaded machine. */
export function cpuSeconds(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

/**
 * The solver's clock for a run: wall milliseconds, or (`cpu`) this process's CPU milliseconds, so
 * that a time limit means the same amount of search however loaded the machine is.
 */
export function benchClock(kind: string): () => number {
  if (kind === 'wall') return () => performance.now();
  if (kind !== 'cpu') throw new Error('--clock must be wall or cpu');
  // process.cpuUsage() is a system call (tens of microseconds on a loaded machine) and the solver
  // reads its clock every iteration: sample it at most once per wall millisecond. One thread's
  // CPU time grows no faster than wall time, so the value returned is at most 1 ms stale.
  let wallAt = Number.NEGATIVE_INFINITY;
  let cpuMs = 0;
  return () => {
    const now = performance.now();
    if (now - wallAt >= 1) {
      const u = process.cpuUsage();
      cpuMs = (u.user + u.system) / 1000;
      wallAt = now;
    }
    return cpuMs;
  };
}

export const mean = (xs: number[]) => (xs.length ? xs.reduce((x, y) => x + y, 0) / xs.length : NaN);
export const gap = (value: number, reference: number) => (100 * (value - reference)) / reference;
// Rounded first so a gap of -0.0001 prints as 0.00%, not -0.00%.
export const pct = (x: number) => (Number.isFinite(x) ? `${(Math.round(x * 100) / 100 + 0).toFixed(2)}%` : '-');

export function printBksSummary(rows: Row[], objective: string): void {
  console.log('---');
  console.log(`instances ${rows.length}; with unassigned tasks or violations: ${rows.filter((r) => r.bad > 0).length}`);
  const withD = rows.filter((r) => r.bksDistance);
  if (withD.length)
    console.log(`mean gap to distance BKS: ${pct(mean(withD.map((r) => gap(r.distance, r.bksDistance!.distance))))} over ${withD.length}`);
  const withH = rows.filter((r) => r.bksHierarchical);
  if (withH.length) {
    const bks = (r: Row) => r.bksHierarchical!;
    const hits = withH.filter((r) => r.bad === 0 && r.vehicles <= bks(r).vehicles).length;
    console.log(
      `mean gap to hierarchical BKS distance: ${pct(mean(withH.map((r) => gap(r.distance, bks(r).distance))))}; ` +
        `mean vehicles - BKS vehicles: ${mean(withH.map((r) => r.vehicles - bks(r).vehicles)).toFixed(2)}`,
    );
    console.log(
      `BKS fleet-size hit rate (all tasks served with at most the BKS vehicle count, objective ${objective}): ` +
        `${hits}/${withH.length} (${((100 * hits) / withH.length).toFixed(0)}%)`,
    );
    const atV = withH.filter((r) => r.vehicles === bks(r).vehicles);
    if (atV.length)
      console.log(
        `mean hierarchical gap where vehicles = BKS vehicles: ${pct(mean(atV.map((r) => gap(r.distance, bks(r).distance))))} over ${atV.length}`,
      );
  }
  if (!withD.length && !withH.length) console.log('no best-known values for these instances');
  console.log(`mean time ${mean(rows.map((r) => r.seconds)).toFixed(2)} s`);
}

// VROOM reports distances to 2 decimals; closer than this counts as a tie.
const TIE = 0.005;

function counts(pairs: [Row, Baseline][]) {
  const ok = pairs.filter(([r, v]) => r.bad === 0 && v.unassigned === 0);
  const by = (f: (r: Row, v: Baseline) => number) => ({
    better: ok.filter(([r, v]) => f(r, v) < -TIE).length,
    same: ok.filter(([r, v]) => Math.abs(f(r, v)) <= TIE).length,
    worse: ok.filter(([r, v]) => f(r, v) > TIE).length,
  });
  return {
    comparable: ok.length,
    distance: by((r, v) => r.distance - v.distance),
    vehicles: by((r, v) => r.vehicles - v.vehicles),
  };
}

export function printBaselineComparison(rows: Row[], baseline: Map<string, Baseline>, label: string): void {
  const pairs = rows.flatMap((r): [Row, Baseline][] => {
    const v = baseline.get(r.name.toLowerCase());
    return v ? [[r, v]] : [];
  });
  console.log(`--- side by side with VROOM (${label}); ${pairs.length}/${rows.length} instances in the baseline`);
  if (!pairs.length) return;
  console.log('instance     ours: veh  distance   time | vroom: veh  distance   time | dist diff');
  for (const [r, v] of pairs)
    console.log(
      `${r.name.padEnd(10)}  ${String(r.vehicles).padStart(9)} ${r.distance.toFixed(2).padStart(9)} ${r.seconds.toFixed(1).padStart(6)} |` +
        ` ${String(v.vehicles).padStart(10)} ${v.distance.toFixed(2).padStart(9)} ${v.wallSeconds.toFixed(1).padStart(6)} |` +
        ` ${pct(gap(r.distance, v.distance)).padStart(8)}${r.bad || v.unassigned ? '  (not comparable: unassigned or violations)' : ''}`,
    );
  const families = [...new Set(pairs.map(([r]) => family(r.name)))].sort(
    (a, b) => (FAMILY_ORDER.indexOf(a) + 1 || 99) - (FAMILY_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b),
  );
  console.log(
    'family   n | mean veh ours vroom | mean distance ours   vroom  diff | distance better/same/worse | vehicles fewer/same/more',
  );
  const line = (name: string, group: [Row, Baseline][]) => {
    const c = counts(group);
    const md = (f: (p: [Row, Baseline]) => number) => mean(group.map(f));
    console.log(
      `${name.padEnd(6)} ${String(group.length).padStart(3)} | ${md(([r]) => r.vehicles)
        .toFixed(2)
        .padStart(13)} ${md(([, v]) => v.vehicles)
        .toFixed(2)
        .padStart(5)} |` +
        ` ${md(([r]) => r.distance)
          .toFixed(2)
          .padStart(18)} ${md(([, v]) => v.distance)
          .toFixed(2)
          .padStart(7)} ${pct(md(([r, v]) => gap(r.distance, v.distance))).padStart(6)} |` +
        ` ${`${c.distance.better}/${c.distance.same}/${c.distance.worse}`.padStart(25)} | ${`${c.vehicles.better}/${c.vehicles.same}/${c.vehicles.worse}`.padStart(23)}` +
        (c.comparable < group.length ? `  (${group.length - c.comparable} not comparable)` : ''),
    );
  };
  for (const f of families)
    line(
      f,
      pairs.filter(([r]) => family(r.name) === f),
    );
  line('all', pairs);
  console.log(
    `mean time: ours ${mean(pairs.map(([r]) => r.seconds)).toFixed(2)} s, vroom ${mean(pairs.map(([, v]) => v.wallSeconds)).toFixed(2)} s`,
  );
}
