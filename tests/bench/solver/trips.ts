// Multi-trip benchmark (`npm run bench:solver -- --trips`): Solomon instances solved as given and
// again with the vehicle capacity cut to a third and `max_depot_runs` 3 (the depot declared at the
// vehicles' start), side by side: distance, vehicles, runs used and unassigned tasks; then one
// 1000-task Gehring & Homberger instance, cut the same way, against its time budget (+10% allowed).
// Every result goes through the independent checker.
//   npm run bench:solver -- --trips [--quick] [--filter C1*,R101] [--time 2] [--big-time 60]
//       [--seed 1] [--iterations N]
// --quick: six Solomon instances (one per family) at 1 s and the large instance at 20 s, < 2 min.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSolution, solveWithStats, type SolverMatrices, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { loadInstance } from './load';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/vrp');
const QUICK = 'C101,C201,R101,R201,RC101,RC201';
const BIG = 'homberger/r1_10_4.txt';

function args(argv: string[]) {
  const a = { quick: false, filter: '', time: 2, bigTime: 60, seed: 1, iterations: Infinity };
  const value = (i: number) => {
    if (argv[i] === undefined) throw new Error(`${argv[i - 1]} needs a value`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--trips') continue;
    else if (argv[i] === '--quick') a.quick = true;
    else if (argv[i] === '--filter') a.filter = value(++i);
    else if (argv[i] === '--time') a.time = Number(value(++i));
    else if (argv[i] === '--big-time') a.bigTime = Number(value(++i));
    else if (argv[i] === '--seed') a.seed = Number(value(++i));
    else if (argv[i] === '--iterations') a.iterations = Number(value(++i));
    else throw new Error(`unknown argument ${argv[i]} (with --trips: --quick, --filter, --time, --big-time, --seed, --iterations)`);
  }
  if (a.quick) {
    a.filter ||= QUICK;
    a.time = 1;
    a.bigTime = 20;
  }
  return a;
}

/** The same instance with each vehicle's capacity cut to `1 / share` and that many runs from the depot. */
export function cutToRuns(request: SolverRequest, share: number): SolverRequest {
  return {
    ...request,
    depots: [{ id: 0, location_index: request.vehicles[0].start_index! }],
    vehicles: request.vehicles.map((v) => ({ ...v, capacity: v.capacity!.map((c) => Math.ceil(c / share)), max_depot_runs: share })),
  };
}

const runsOf = (res: SolverResult) => res.routes.reduce((n, r) => n + r.steps.filter((s) => s.type === 'start').length, 0);

function solveTimed(request: SolverRequest, matrices: SolverMatrices, seconds: number, a: ReturnType<typeof args>) {
  const t0 = performance.now();
  const report = solveWithStats(request, matrices, {
    deadlineMs: Date.now() + seconds * 1000,
    clock: Date.now,
    seed: a.seed,
    maxIterations: a.iterations,
    engine: 'auto',
  });
  const wall = (performance.now() - t0) / 1000;
  return { result: report.result, wall, iterations: report.stats.iterations, violations: checkSolution(request, matrices, report.result) };
}

const matches = (filter: string, name: string) =>
  !filter || filter.split(',').some((p) => new RegExp(`^${p.replace(/\*/g, '.*')}$`, 'i').test(name));

export async function runTrips(argv: string[]): Promise<void> {
  const a = args(argv);
  console.log(
    `multi-trip benchmark: capacity / 3 with max_depot_runs 3 against the instance as given; ${a.time} s each, seed ${a.seed}, ${new Date().toISOString()}`,
  );
  console.log('instance   | as given: veh  distance  unassigned | cut: veh  runs  distance  unassigned  violations | distance ratio');
  const ratios: number[] = [];
  let runs = 0;
  let vehicles = 0;
  let baseVehicles = 0;
  let unassigned = 0;
  let violations = 0;
  const dir = join(fixtures, 'solomon');
  for (const file of readdirSync(dir).sort()) {
    const name = file.replace(/\.txt$/, '');
    if (!matches(a.filter, name)) continue;
    const inst = loadInstance(readFileSync(join(dir, file), 'utf8'), name);
    const base = solveTimed(inst.request, inst.matrices, a.time, a);
    const cut = cutToRuns(inst.request, 3);
    const trips = solveTimed(cut, inst.matrices, a.time, a);
    const dBase = inst.distance(base.result.routes);
    const dTrips = inst.distance(trips.result.routes);
    ratios.push(dTrips / dBase);
    runs += runsOf(trips.result);
    vehicles += trips.result.routes.length;
    baseVehicles += base.result.routes.length;
    unassigned += trips.result.unassigned.length;
    violations += trips.violations.length + base.violations.length;
    console.log(
      `${name.padEnd(10)} | ${String(base.result.routes.length).padStart(12)}  ${dBase.toFixed(1).padStart(8)}  ${String(base.result.unassigned.length).padStart(10)} | ` +
        `${String(trips.result.routes.length).padStart(8)}  ${String(runsOf(trips.result)).padStart(4)}  ${dTrips.toFixed(1).padStart(8)}  ${String(trips.result.unassigned.length).padStart(10)}  ` +
        `${String(trips.violations.length + base.violations.length).padStart(10)} | ${(dTrips / dBase).toFixed(3)}` +
        (trips.violations.length ? `  ${trips.violations[0].rule}: ${trips.violations[0].detail}` : ''),
    );
  }
  if (ratios.length) {
    const mean = ratios.reduce((x, y) => x + y, 0) / ratios.length;
    console.log(
      `${ratios.length} instances: distance ratio mean ${mean.toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}); ` +
        `vehicles ${baseVehicles} as given, ${vehicles} cut, making ${runs} runs; unassigned ${unassigned}; violations ${violations}`,
    );
  }
  const big = loadInstance(readFileSync(join(fixtures, BIG), 'utf8'), BIG);
  const cut = cutToRuns(big.request, 3);
  const tasks = cut.jobs?.length ?? 0;
  const r = solveTimed(cut, big.matrices, a.bigTime, a);
  const within = r.wall <= a.bigTime * 1.1;
  console.log(
    `${BIG} (${tasks} tasks), capacity / 3, 3 runs: budget ${a.bigTime} s, wall ${r.wall.toFixed(1)} s (${within ? 'within' : 'PAST'} budget + 10%), ` +
      `${r.iterations} iterations, ${r.result.routes.length} vehicles, ${runsOf(r.result)} runs, distance ${big.distance(r.result.routes).toFixed(1)}, ` +
      `unassigned ${r.result.unassigned.length}, violations ${r.violations.length}`,
  );
}
