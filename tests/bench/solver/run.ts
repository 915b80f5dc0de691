// Solver benchmark on the Solomon and Gehring & Homberger VRPTW instances.
//   npm run bench:solver -- [--set solomon|homberger|all] [--filter R1*] [--time 3] [--seed 1]
// Prints per instance: vehicles, distance, gap to the distance-only BKS (Solomon), gap to the
// hierarchical BKS with its vehicle count, time; then the means. Every result is checked by the
// independent checker; an unassigned task or a violation is reported, never hidden.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSolution, solveWithStats } from '../../../shared/solver';
import { convert, euclid, parseInstance } from './convert';

const here = dirname(fileURLToPath(import.meta.url));
const data = join(here, '../../fixtures/vrp');

function args() {
  const a = { set: 'solomon', filter: '*', time: 3, seed: 1, iterations: Infinity };
  const v = process.argv.slice(2);
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '--set') a.set = v[++i];
    else if (v[i] === '--filter') a.filter = v[++i];
    else if (v[i] === '--time') a.time = Number(v[++i]);
    else if (v[i] === '--seed') a.seed = Number(v[++i]);
    else if (v[i] === '--iterations') a.iterations = Number(v[++i]);
    else throw new Error(`unknown argument ${v[i]}`);
  }
  return a;
}

function glob(pattern: string): RegExp {
  return new RegExp(
    '^(' +
      pattern
        .split(',')
        .map((p) =>
          p
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '.*')
            .replace(/\?/g, '.'),
        )
        .join('|') +
      ')$',
    'i',
  );
}

type Bks = { vehicles: number; distance: number };
function loadBks(): Map<string, Bks> {
  const m = new Map<string, Bks>();
  const lines = readFileSync(join(data, 'bks.csv'), 'utf8').trim().split('\n').slice(1);
  for (const l of lines) {
    const [inst, veh, dist, obj] = l.split(',');
    m.set(`${inst.toLowerCase()}|${obj}`, { vehicles: Number(veh), distance: Number(dist) });
  }
  return m;
}

function main() {
  const a = args();
  const bks = loadBks();
  const sets = a.set === 'all' ? ['solomon', 'homberger'] : [a.set];
  const re = glob(a.filter);
  const rows: { name: string; veh: number; dist: number; gapD: number | null; gapH: number; bksVeh: number; time: number; bad: number }[] =
    [];
  console.log(`solver benchmark: time limit ${a.time} s/instance, seed ${a.seed}, ${new Date().toISOString()}`);
  console.log('instance   veh  distance    gap-dist  gap-hier (bks veh)  time   iters  unassigned/violations');
  for (const set of sets) {
    const files = readdirSync(join(data, set))
      .filter((f) => f.endsWith('.txt'))
      .sort();
    for (const f of files) {
      const name = f.replace(/\.txt$/, '');
      if (!re.test(name)) continue;
      const inst = parseInstance(readFileSync(join(data, set, f), 'utf8'), name);
      const { request, matrices } = convert(inst);
      const t0 = performance.now();
      const { result, stats } = solveWithStats(request, matrices, {
        deadlineMs: t0 + a.time * 1000,
        clock: () => performance.now(),
        seed: a.seed,
        maxIterations: a.iterations,
      });
      const time = (performance.now() - t0) / 1000;
      const violations = checkSolution(request, matrices, result);
      let dist = 0;
      for (const r of result.routes) {
        const idx = r.steps.map((s) => s.location_index!);
        for (let k = 1; k < idx.length; k++) dist += euclid(inst.nodes[idx[k - 1]], inst.nodes[idx[k]]);
      }
      const bd = bks.get(`${name.toLowerCase()}|distance`);
      const bh = bks.get(`${name.toLowerCase()}|hierarchical`)!;
      const gapD = bd ? (100 * (dist - bd.distance)) / bd.distance : null;
      const gapH = (100 * (dist - bh.distance)) / bh.distance;
      const bad = result.unassigned.length + violations.length;
      rows.push({ name, veh: result.routes.length, dist, gapD, gapH, bksVeh: bh.vehicles, time, bad });
      console.log(
        `${name.padEnd(10)} ${String(result.routes.length).padStart(3)}  ${dist.toFixed(2).padStart(9)}  ${(gapD === null ? '-' : gapD.toFixed(2) + '%').padStart(8)}  ${(gapH.toFixed(2) + '%').padStart(8)} (${String(bh.vehicles).padStart(3)})  ${time.toFixed(1).padStart(5)}  ${String(stats.iterations).padStart(6)}  ${result.unassigned.length}/${violations.length}` +
          (violations.length ? `  ${violations[0].rule}: ${violations[0].detail}` : ''),
      );
    }
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((x, y) => x + y, 0) / xs.length : NaN);
  const withD = rows.filter((r) => r.gapD !== null);
  console.log('---');
  console.log(`instances ${rows.length}; with unassigned tasks or violations: ${rows.filter((r) => r.bad > 0).length}`);
  if (withD.length) console.log(`mean gap to distance BKS: ${mean(withD.map((r) => r.gapD!)).toFixed(2)}% over ${withD.length}`);
  console.log(
    `mean gap to hierarchical BKS distance: ${mean(rows.map((r) => r.gapH)).toFixed(2)}%; mean vehicles - BKS vehicles: ${mean(rows.map((r) => r.veh - r.bksVeh)).toFixed(2)}; at BKS vehicle count: ${rows.filter((r) => r.veh <= r.bksVeh).length}/${rows.length}`,
  );
  const atV = rows.filter((r) => r.veh === r.bksVeh);
  if (atV.length)
    console.log(`mean hierarchical gap where vehicles = BKS vehicles: ${mean(atV.map((r) => r.gapH)).toFixed(2)}% over ${atV.length}`);
  console.log(`mean time ${mean(rows.map((r) => r.time)).toFixed(2)} s`);
}

main();
