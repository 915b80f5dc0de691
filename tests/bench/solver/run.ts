// Solver benchmark on VRPTW (Solomon, Gehring & Homberger), PDPTW (Li & Lim), CVRP (Uchoa et al.'s
// X set) and MDVRP (Cordeau) instance files.
//   npm run bench:solver -- [--set solomon|homberger|all|cvrp|mdvrp | --dir <folder>] [--filter R1*,C2*]
//       [--time 3] [--seed 1] [--iterations N] [--objective cost|vehicles]
//       [--vroom <baseline.csv>] [--vroom-config xdef_t1] [--threads N] [--api <baseUrl> --key <key>]
//       [--clock wall|cpu] [--engine auto|sisr|hgs]
//   npm run bench:solver -- --trips [--quick]: the multi-trip set (trips.ts)
// --dir reads every instance file of a folder (format told per file) and its best-known values
// from `bks.csv` there, or from the folder's only CSV file. Prints per instance: vehicles,
// distance, gaps to the best-known values, time; then the means, the BKS fleet-size hit rate and,
// with --vroom, VROOM's figures beside ours per instance and per family. Every result goes through
// the independent checker; an unassigned task or a violation is reported, never hidden.
// In-process by default (one thread; --threads N runs shared/solver-threads); with --api each
// instance goes through a running stack instead (api.ts), the time being submit to result.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSolution, solveWithStats, type SolveReport, type SolverMatrices, type SolverRequest } from '../../../shared/solver';
import { solveInThreads } from '../../../shared/solver-threads';
import { solveThroughApi, type ApiTarget } from './api';
import { loadInstance } from './load';
import { runTrips } from './trips';
import { benchClock, cpuSeconds, gap, pct, printBaselineComparison, printBksSummary, type Row } from './report';
import { parseBaseline, parseBks, type BksTable } from './tables';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/vrp');

function args() {
  const a = {
    set: 'solomon',
    dir: '',
    filter: '*',
    time: 3,
    seed: 1,
    iterations: Infinity,
    objective: 'cost',
    vroom: '',
    vroomConfig: 'xdef_t1',
    threads: 1,
    clock: 'wall',
    engine: 'auto',
    api: '',
    key: '',
  };
  const v = process.argv.slice(2);
  const value = (i: number) => {
    if (v[i] === undefined) throw new Error(`${v[i - 1]} needs a value`);
    return v[i];
  };
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '--set') a.set = value(++i);
    else if (v[i] === '--dir') a.dir = value(++i);
    else if (v[i] === '--filter') a.filter = value(++i);
    else if (v[i] === '--time') a.time = Number(value(++i));
    else if (v[i] === '--seed') a.seed = Number(value(++i));
    else if (v[i] === '--iterations') a.iterations = Number(value(++i));
    else if (v[i] === '--objective') a.objective = value(++i);
    else if (v[i] === '--vroom') a.vroom = value(++i);
    else if (v[i] === '--vroom-config') a.vroomConfig = value(++i);
    else if (v[i] === '--threads') a.threads = Number(value(++i));
    else if (v[i] === '--clock') a.clock = value(++i);
    else if (v[i] === '--engine') a.engine = value(++i);
    else if (v[i] === '--api') a.api = value(++i).replace(/\/+$/, '');
    else if (v[i] === '--key') a.key = value(++i);
    else throw new Error(`unknown argument ${v[i]}`);
  }
  if (a.objective !== 'cost' && a.objective !== 'vehicles') throw new Error('--objective must be cost or vehicles');
  if (a.api && !a.key) throw new Error('--api needs --key');
  if (a.engine !== 'auto' && a.engine !== 'sisr' && a.engine !== 'hgs') throw new Error('--engine must be auto, sisr or hgs');
  if (a.api && a.engine !== 'auto') throw new Error('--engine is in-process only: the service always runs auto');
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

const NOT_INSTANCES = new Set(['.csv', '.md', '.json']);
const OWN_BKS: Record<string, string> = { cvrp: 'cvrp_x', mdvrp: 'mdvrp' };

/** Instance files (path, name) and the BKS file of a folder, or of the bundled sets. */
function sources(a: ReturnType<typeof args>): { files: [string, string][]; bksFile?: string } {
  const listed = (folder: string) =>
    readdirSync(folder)
      .filter((f) => !f.startsWith('.') && statSync(join(folder, f)).isFile())
      .sort();
  if (!a.dir) {
    // The CVRP and MDVRP sets carry their own bks.csv beside the files.
    const own = OWN_BKS[a.set];
    if (own) return sources({ ...a, dir: join(fixtures, own) });
    const sets = a.set === 'all' ? ['solomon', 'homberger'] : [a.set];
    const files = sets.flatMap((s) =>
      listed(join(fixtures, s)).map((f): [string, string] => [join(fixtures, s, f), basename(f, extname(f))]),
    );
    return { files, bksFile: join(fixtures, 'bks.csv') };
  }
  const all = listed(a.dir);
  const csvs = all.filter((f) => extname(f).toLowerCase() === '.csv');
  const bks = csvs.find((f) => f.toLowerCase() === 'bks.csv') ?? (csvs.length === 1 ? csvs[0] : undefined);
  if (!bks && csvs.length > 1) console.log(`several CSV files and no bks.csv in ${a.dir}: no best-known values used`);
  const files = all
    .filter((f) => !NOT_INSTANCES.has(extname(f).toLowerCase()))
    .map((f): [string, string] => [join(a.dir, f), basename(f, extname(f))]);
  return { files, bksFile: bks && join(a.dir, bks) };
}

type Args = ReturnType<typeof args>;

/** One instance in-process (on a.threads threads) or through the stack at a.api. */
async function solveOne(a: Args, request: SolverRequest, matrices: SolverMatrices) {
  if (a.api) {
    const target: ApiTarget = { baseUrl: a.api, key: a.key };
    const { result, seconds } = await solveThroughApi(target, request, matrices, a.time);
    return { result, seconds, iterations: '- -' };
  }
  const t0 = performance.now();
  // A CPU clock would count the other threads' time too: threads keep to wall time.
  const clock = benchClock(a.threads > 1 ? 'wall' : a.clock);
  const opts = {
    deadlineMs: clock() + a.time * 1000,
    clock,
    seed: a.seed,
    maxIterations: a.iterations,
    engine: a.engine as 'auto' | 'sisr' | 'hgs',
  };
  const report: SolveReport =
    a.threads > 1 ? await solveInThreads(request, matrices, opts, a.threads) : solveWithStats(request, matrices, opts);
  return { result: report.result, seconds: (performance.now() - t0) / 1000, iterations: `${report.stats.iterations} ${report.engine}` };
}

async function main() {
  const a = args();
  const cpu0 = process.cpuUsage();
  const { files, bksFile } = sources(a);
  const bks: BksTable = bksFile ? parseBks(readFileSync(bksFile, 'utf8')) : { hierarchical: new Map(), distance: new Map() };
  const baseline = a.vroom ? parseBaseline(readFileSync(a.vroom, 'utf8'), a.vroomConfig) : undefined;
  const re = glob(a.filter);
  const rows: Row[] = [];
  const where = a.api
    ? `through the API at ${a.api}`
    : `in-process, engine ${a.engine}, ${a.threads} thread(s), ${a.threads > 1 ? 'wall' : a.clock} clock`;
  console.log(
    `solver benchmark: time limit ${a.time} s/instance, seed ${a.seed}, objective ${a.objective}, ${where}, ${new Date().toISOString()}`,
  );
  if (bksFile) console.log(`best-known values: ${bksFile}`);
  console.log('instance   kind   veh  distance    gap-dist  gap-hier (bks veh)  time   iterations engine  unassigned/violations');
  for (const [path, name] of files) {
    if (!re.test(name)) continue;
    let inst;
    try {
      inst = loadInstance(readFileSync(path, 'utf8'), name);
    } catch (e) {
      console.log(`${name.padEnd(10)} skipped: ${(e as Error).message}`);
      continue;
    }
    const { request, matrices } = inst;
    if (a.objective === 'vehicles') request.options!.objective!.custom = { type: 'min', value: 'vehicles' };
    const { result, seconds, iterations } = await solveOne(a, request, matrices);
    const violations = checkSolution(request, matrices, result);
    const key = name.toLowerCase();
    const row: Row = {
      name,
      vehicles: result.routes.length,
      distance: inst.distance(result.routes),
      seconds,
      bad: result.unassigned.length + violations.length,
      bksHierarchical: bks.hierarchical.get(key),
      bksDistance: bks.distance.get(key),
    };
    rows.push(row);
    const gapOf = (b?: { distance: number }) => (b ? pct(gap(row.distance, b.distance)) : '-');
    console.log(
      `${name.padEnd(10)} ${inst.kind.padEnd(5)} ${String(row.vehicles).padStart(3)}  ${row.distance.toFixed(2).padStart(9)}  ${gapOf(row.bksDistance).padStart(8)}  ` +
        `${gapOf(row.bksHierarchical).padStart(8)} (${String(row.bksHierarchical?.vehicles ?? '-').padStart(3)})  ${seconds.toFixed(1).padStart(5)}  ` +
        `${String(iterations).padStart(13)}  ${result.unassigned.length}/${violations.length}` +
        (violations.length ? `  ${violations[0].rule}: ${violations[0].detail}` : ''),
    );
  }
  printBksSummary(rows, a.objective);
  // Worker threads count in both figures; through the API only the client's own.
  console.log(`this process: CPU ${cpuSeconds(cpu0).toFixed(1)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  if (baseline) printBaselineComparison(rows, baseline, `${a.vroom}, config ${a.vroomConfig}`);
}

// The multi-trip set has rows of its own (trips.ts).
if (process.argv.includes('--trips')) await runTrips(process.argv.slice(2));
else await main();
