// The solver on several cores: searches with seeds seed, seed + 1, ... in worker threads that meet as a team,
// the best checked result wins. The solver itself stays single-threaded and pure; the threads,
// the clock conversion and the core count live here, outside it.
// One module is both sides: a thread loads this very file (in a bundle, the bundle itself) and
// serves solves, one at a time, when it finds its marker in workerData.
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  checkSolution,
  chooseEngine,
  copyRows,
  solveWithStats,
  type SolveOptions,
  type SolveReport,
  type SolverMatrices,
  type SolverRequest,
} from '../solver';
import { threadEntry } from '../platform/thread-entry';
import { newMeeting, teamMember, type Meeting } from './meeting';
import { betterOutcome, type Outcome } from './rank';

/** More than two threads only pays where the solver runs (Lambda gives 2 vCPUs at >= 1769 MB). */
export const MAX_SOLVER_THREADS = 2;
const THREAD_MARK = 'waymarkSolverThread';
/** A thread that overruns the deadline by this much is dropped (its result would come too late). */
const OVERRUN_MS = 5000;

export function defaultSolverThreads(): number {
  return Math.max(1, Math.min(MAX_SOLVER_THREADS, availableParallelism()));
}

interface ThreadJob {
  request: SolverRequest;
  matrices: SharedMatrices;
  /** The caller's deadline on the wall clock (Date.now()): every thread has its own performance.now(). */
  deadlineEpochMs: number;
  meeting: Meeting;
  /** This search's slot in the meeting (the caller's thread is 0). */
  searchIndex: number;
  seed: number;
  maxIterations?: number;
  engine?: SolveOptions['engine'];
  thresholds?: SolveOptions['thresholds'];
}

/**
 * Matrices as one shared buffer per matrix (n x n, row-major; 32-bit where that holds every entry
 * exactly, as the solver keeps them, else 64-bit): no copy per thread. A matrix given twice is
 * shared once.
 */
type SharedMatrices = Record<string, { n: number; durations: SharedArrayBuffer; distances: SharedArrayBuffer; costs?: SharedArrayBuffer }>;

function share(m: ArrayLike<ArrayLike<number>>): SharedArrayBuffer {
  const n = m.length;
  const narrow = new Float32Array(new SharedArrayBuffer(n * n * 4));
  if (copyRows(m, narrow)) return narrow.buffer as SharedArrayBuffer;
  const wide = new Float64Array(new SharedArrayBuffer(n * n * 8));
  copyRows(m, wide);
  return wide.buffer as SharedArrayBuffer;
}

function rows(buf: SharedArrayBuffer, n: number): (Float32Array | Float64Array)[] {
  const flat = buf.byteLength === n * n * 4 ? new Float32Array(buf) : new Float64Array(buf);
  return Array.from({ length: n }, (_, i) => flat.subarray(i * n, (i + 1) * n));
}

function shareMatrices(matrices: SolverMatrices): SharedMatrices {
  const out: SharedMatrices = {};
  const bySource = new Map<object, SharedArrayBuffer>();
  const once = (m: ArrayLike<ArrayLike<number>>) => {
    let buf = bySource.get(m);
    if (!buf) bySource.set(m, (buf = share(m)));
    return buf;
  };
  for (const [profile, m] of Object.entries(matrices)) {
    out[profile] = {
      n: m.durations.length,
      durations: once(m.durations),
      distances: once(m.distances),
      costs: m.costs ? once(m.costs) : undefined,
    };
  }
  return out;
}

function unshareMatrices(shared: SharedMatrices): SolverMatrices {
  const out: SolverMatrices = {};
  // One buffer, one set of rows: the solver then holds a matrix given twice once, as on the caller's thread.
  const byBuffer = new Map<SharedArrayBuffer, (Float32Array | Float64Array)[]>();
  const once = (buf: SharedArrayBuffer, n: number) => {
    let r = byBuffer.get(buf);
    if (!r) byBuffer.set(buf, (r = rows(buf, n)));
    return r;
  };
  for (const [profile, m] of Object.entries(shared)) {
    out[profile] = {
      durations: once(m.durations, m.n),
      distances: once(m.distances, m.n),
      costs: m.costs ? once(m.costs, m.n) : undefined,
    };
  }
  return out;
}

function solveChecked(request: SolverRequest, matrices: SolverMatrices, opts: SolveOptions): Outcome {
  const report = solveWithStats(request, matrices, opts);
  return { report, violations: checkSolution(request, matrices, report.result).length };
}

/**
 * Threads kept between solves: a new one spends a few hundred milliseconds loading the solver and
 * then searches with cold code, which a short budget feels (shared/solver-threads/README.md). Unreferenced, so an idle
 * thread never keeps the process alive.
 */
const idle: Worker[] = [];

function startThread(): Worker {
  const { entry, evaluate } = threadEntry(import.meta.url);
  const worker = new Worker(entry, { eval: evaluate, workerData: { [THREAD_MARK]: true } });
  worker.unref();
  return worker;
}

/**
 * Starts the threads a solve on `threads` cores will use, unless they are waiting already, so
 * that a job does not wait for one to load (the optimization worker calls it on each delivery).
 */
export function warmSolverThreads(threads = defaultSolverThreads()): void {
  while (idle.length < threads - 1) idle.push(startThread());
}

/** Threads started and waiting for a solve (for tests and logs). */
export function idleSolverThreads(): number {
  return idle.length;
}

function runThread(job: ThreadJob, deadlineMs: number, clock: () => number): Promise<Outcome | null> {
  const worker = idle.pop() ?? startThread();
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Outcome | null, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onFailure).off('exit', onFailure);
      // A thread that failed or overran may still be busy or broken: it is not used again. Nor is
      // one past what the worker uses (solves that ran at the same time leave extras).
      if (reusable && idle.length < MAX_SOLVER_THREADS - 1) idle.push(worker);
      else void worker.terminate();
      resolve(o);
    };
    const onMessage = (o: Outcome) => done(o, true);
    // A failed thread only costs its share of the search: the main thread's result stands.
    const onFailure = () => done(null, false);
    const timer = setTimeout(() => done(null, false), Math.max(0, deadlineMs - clock()) + OVERRUN_MS);
    worker.once('message', onMessage).once('error', onFailure).once('exit', onFailure);
    worker.postMessage(job);
  });
}

/**
 * Solves with `threads` independent searches (the caller's thread is one of them) and returns the
 * best result by violations, then the solver's objective order; `threads` 1 is exactly
 * solveWithStats. Same seed, threads and maxIterations => same answer.
 */
export async function solveInThreads(
  request: SolverRequest,
  matrices: SolverMatrices,
  opts: SolveOptions,
  threads = defaultSolverThreads(),
): Promise<SolveReport> {
  const seed = opts.seed ?? 1;
  if (threads <= 1) return solveWithStats(request, matrices, opts);
  const shared = shareMatrices(matrices);
  const deadlineEpochMs = Date.now() + (opts.deadlineMs - opts.clock());
  const tasks = (request.jobs?.length ?? 0) + 2 * (request.shipments?.length ?? 0);
  const meeting = newMeeting(threads, tasks, request.vehicles.length);
  // Resolved once, so that no two searches pick different engines near the threshold: the
  // annealing would wait at its first meeting for a genetic search that never comes.
  const engine = chooseEngine(opts.engine, opts.deadlineMs - opts.clock(), tasks, opts.thresholds?.hgsLeastMsAt100Tasks);
  const others = Array.from({ length: threads - 1 }, (_, k) =>
    runThread(
      {
        request,
        matrices: shared,
        deadlineEpochMs,
        meeting,
        searchIndex: k + 1,
        seed: seed + k + 1,
        maxIterations: opts.maxIterations,
        engine,
        thresholds: opts.thresholds,
      },
      opts.deadlineMs,
      opts.clock,
    ),
  );
  // The threads search while this one does (it blocks until its own deadline); their answers
  // are read once it is done. This one reads the shared matrices in place too.
  let best = solveChecked(request, unshareMatrices(shared), { ...opts, engine, team: teamMember(meeting, 0, deadlineEpochMs) });
  for (const o of await Promise.all(others)) if (o && betterOutcome(request, o, best)) best = o;
  return best.report;
}

function serveThread(): void {
  parentPort!.on('message', (job: ThreadJob) => {
    const now = performance.now();
    const outcome = solveChecked(job.request, unshareMatrices(job.matrices), {
      deadlineMs: now + (job.deadlineEpochMs - Date.now()),
      clock: () => performance.now(),
      seed: job.seed,
      maxIterations: job.maxIterations,
      engine: job.engine,
      thresholds: job.thresholds,
      team: teamMember(job.meeting, job.searchIndex, job.deadlineEpochMs),
    });
    parentPort!.postMessage(outcome);
  });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[THREAD_MARK]) serveThread();
