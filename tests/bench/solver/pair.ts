// Iterations per second of two copies of the solver (two checkouts), measured in one process in
// alternating rounds. On a shared machine whose speed moves by tens of percent from one minute to
// the next, only rounds run back to back compare fairly, so the figure is the median of the
// per-round ratios. With --iterations N each solve makes N iterations and the figure is iterations
// per CPU second of this process instead: a loaded host takes wall time from a solve, far less
// its CPU time (one thread: the process's CPU is the solve's, plus the garbage collector's). Usage:
//   npx tsx tests/bench/solver/pair.ts <tree A> <tree B> [--seconds 4 | --iterations N] [--rounds 12] <instance files...>
// e.g. a tree from `git worktree add /tmp/before HEAD~1` against this one (`.`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { solveWithStats } from '../../../shared/solver';
import { convert, parseInstance } from './convert';

type Solver = { solveWithStats: typeof solveWithStats };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seconds: { type: 'string', default: '4' },
      iterations: { type: 'string' },
      rounds: { type: 'string', default: '12' },
    },
  });
  const [treeA, treeB, ...files] = positionals;
  if (!treeB || files.length === 0)
    throw new Error('usage: pair.ts <tree A> <tree B> [--seconds S | --iterations N] [--rounds N] <instance files...>');
  const seconds = Number(values.seconds);
  const fixed = values.iterations === undefined ? null : Number(values.iterations);
  const rounds = Number(values.rounds);
  const load = async (tree: string) => (await import(resolve(tree, 'shared/solver/index.ts'))) as Solver;
  const solvers = { A: await load(treeA), B: await load(treeB) };
  const problems = files.map((f) => convert(parseInstance(readFileSync(f, 'utf8'), f)));
  const iterations = { A: [] as number[], B: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    // Each tree goes first in every other round, so neither always gets the warmer (or colder) slot.
    for (const name of r % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
      let total = 0;
      const cpu0 = process.cpuUsage();
      for (const { request, matrices } of problems) {
        const opts = {
          deadlineMs: Date.now() + (fixed === null ? seconds * 1000 : 1e9),
          clock: Date.now,
          seed: 1,
          maxIterations: fixed ?? Infinity,
          engine: 'sisr' as const,
        };
        total += solvers[name].solveWithStats(request, matrices, opts).stats.iterations;
      }
      const cpu = process.cpuUsage(cpu0);
      // Per CPU second with a fixed count, else per wall time of `seconds` per instance.
      iterations[name].push(fixed === null ? total : Math.round(total / ((cpu.user + cpu.system) / 1e6)));
    }
  }
  const ratios = iterations.A.map((a, i) => iterations.B[i] / a);
  console.log(
    fixed === null
      ? `iterations in ${seconds} s per instance, ${rounds} rounds, ${files.length} instance(s)`
      : `iterations per CPU second at ${fixed} iterations per instance, ${rounds} rounds, ${files.length} instance(s)`,
  );
  console.log(`A ${treeA}: median ${median(iterations.A)} (${iterations.A.join(' ')})`);
  console.log(`B ${treeB}: median ${median(iterations.B)} (${iterations.B.join(' ')})`);
  console.log(`B / A per round: median ${median(ratios).toFixed(3)} (${ratios.map((x) => x.toFixed(2)).join(' ')})`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
