// Scale check on a synthetic instance (no BKS exists): N tasks as jobs plus shipments, one
// location each, random windows and 2-dimensional loads.
//   npx tsx tests/bench/solver/scale.ts [--tasks 4000] [--shipments 500] [--time 120] [--seed 1]
//       [--iterations N] [--clock wall|cpu]  (a fixed amount of search, or a limit in CPU time, to
//       compare on a loaded machine) [--threads N]  (searches side by side, as the worker runs them;
//       wall clock; the iterations are the winning search's, the CPU time every thread's)
import { checkSolution, type SolverRequest, type Window } from '../../../shared/solver';
import { solveInThreads } from '../../../shared/solver-threads';
import { benchClock, cpuSeconds } from './report';

function args() {
  const a = { tasks: 4000, shipments: 500, time: 120, seed: 1, iterations: 0, clock: 'wall', threads: 1 };
  const v = process.argv.slice(2);
  for (let i = 0; i < v.length; i += 2) {
    const k = v[i].replace(/^--/, '');
    (a as Record<string, number | string>)[k] = k === 'clock' ? v[i + 1] : Number(v[i + 1]);
  }
  return a;
}

async function main() {
  const a = args();
  let s = a.seed >>> 0 || 1;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  const nJobs = a.tasks - 2 * a.shipments;
  const nLoc = 1 + a.tasks;
  const pts = Array.from({ length: nLoc }, (_, i) => (i === 0 ? [50000, 50000] : [rnd() * 100000, rnd() * 100000]));
  // 10 m/s, metres: a 100 km square served over a 10 h day.
  const dist = pts.map((p) => pts.map((q) => Math.round(Math.hypot(p[0] - q[0], p[1] - q[1]))));
  const dur = dist.map((row) => row.map((d) => Math.round(d / 10)));
  const horizon = 36000;
  const tw = (): Window[] => {
    if (rnd() < 0.5) return [];
    const st = Math.floor(rnd() * (horizon - 7200));
    return [[st, st + 3600 + Math.floor(rnd() * 7200)]];
  };
  const request: SolverRequest = {
    locations: pts.map((p) => [p[1] / 1e6, p[0] / 1e6]),
    jobs: Array.from({ length: nJobs }, (_, i) => ({
      id: i + 1,
      location_index: 1 + i,
      service: 120,
      delivery: [1 + Math.floor(rnd() * 10), 1],
      time_windows: tw(),
    })),
    shipments: Array.from({ length: a.shipments }, (_, k) => ({
      pickup: { id: 100000 + k, location_index: 1 + nJobs + 2 * k, service: 60, time_windows: tw() },
      delivery: { id: 100000 + k, location_index: 2 + nJobs + 2 * k, service: 60, time_windows: tw() },
      amount: [1 + Math.floor(rnd() * 5), 1],
    })),
    vehicles: Array.from({ length: Math.ceil(a.tasks / 25) }, (_, k) => ({
      id: k + 1,
      start_index: 0,
      end_index: 0,
      capacity: [150, 40],
      time_window: [0, horizon] as Window,
    })),
  };
  const matrices = { car: { durations: dur, distances: dist } };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  if (a.threads > 1 && a.clock !== 'wall') throw new Error('--threads takes the wall clock');
  const clock = benchClock(a.clock);
  const opts = { deadlineMs: clock() + a.time * 1000, clock, seed: a.seed, maxIterations: a.iterations > 0 ? a.iterations : undefined };
  const { result, stats } = await solveInThreads(request, matrices, opts, a.threads);
  const time = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(cpu0);
  // The process's peak resident set (the OS's own high-water mark, so no sampling is missed).
  const peak = process.resourceUsage().maxRSS * 1024;
  const v = checkSolution(request, matrices, result);
  const alone = infeasibleAlone(request, dur, horizon);
  const reasons: Record<string, number> = {};
  for (const u of result.unassigned) reasons[u.reason] = (reasons[u.reason] ?? 0) + 1;
  console.log(
    `tasks ${a.tasks} (jobs ${nJobs}, shipments ${a.shipments}), vehicles ${request.vehicles.length}, limit ${a.time} s (${a.clock} clock): ` +
      `time ${time.toFixed(1)} s (CPU ${cpu.toFixed(1)} s), threads ${a.threads}, iterations ${stats.iterations} (regions joined ${stats.joined}), routes ${result.routes.length}, unassigned ${result.unassigned.length} ${JSON.stringify(reasons)}, ` +
      `distance ${result.summary.distance}, violations ${v.length}, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB; ` +
      `tasks no vehicle can serve even alone (depot -> task -> depot within the windows): ${alone}`,
  );
  if (v.length) console.log(v.slice(0, 5));
}

/**
 * Tasks that cannot be served even on an otherwise empty route: a lower bound on what any
 * solver must leave unassigned, so the unassigned count can be judged.
 */
function infeasibleAlone(req: SolverRequest, dur: number[][], horizon: number): number {
  const end = (tw: Window[] | undefined) => (tw?.length ? tw[0][1] : horizon);
  const start = (tw: Window[] | undefined) => (tw?.length ? tw[0][0] : 0);
  let count = 0;
  for (const j of req.jobs ?? []) {
    const arrive = Math.max(dur[0][j.location_index], start(j.time_windows));
    if (arrive > end(j.time_windows) || arrive + (j.service ?? 0) + dur[j.location_index][0] > horizon) count++;
  }
  for (const s of req.shipments ?? []) {
    const p = s.pickup,
      d = s.delivery;
    const atPickup = Math.max(dur[0][p.location_index], start(p.time_windows));
    const atDelivery = Math.max(atPickup + (p.service ?? 0) + dur[p.location_index][d.location_index], start(d.time_windows));
    const late = atPickup > end(p.time_windows) || atDelivery > end(d.time_windows);
    if (late || atDelivery + (d.service ?? 0) + dur[d.location_index][0] > horizon) count += 2;
  }
  return count;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
