import { readFileSync } from 'node:fs';
import { CliError, ok, type Target } from './waymark-api';

// Submits a route optimization problem and, with --wait, follows it to the end.

export interface OptimizeOptions {
  wait: boolean;
  timeoutSeconds: number;
  out: (line: string) => void;
  progress: (line: string) => void;
}

function readProblem(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not JSON: ${(error as Error).message}`);
  }
}

const km = (metres: number) => `${(metres / 1000).toFixed(1)} km`;
const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;

export async function optimize(target: Target, file: string, options: OptimizeOptions): Promise<void> {
  const submitted = await ok(target, 'POST', '/optimization/v2', readProblem(file));
  for (const warning of submitted.warnings ?? []) options.progress(`warning: ${warning}`);
  options.out(`job ${submitted.id}`);
  if (!options.wait) return;

  const started = Date.now();
  let answer: any;
  for (;;) {
    answer = await ok(target, 'GET', '/optimization/v2/result', undefined, { id: submitted.id });
    const elapsed = ((Date.now() - started) / 1000).toFixed(1);
    if (answer.status === 'Error') throw new CliError(`job ${submitted.id} failed after ${elapsed}s: ${answer.message}`);
    if (answer.result?.routes) break;
    options.progress(`[${elapsed}s] ${answer.message || answer.status}`);
    if (Date.now() - started > options.timeoutSeconds * 1000)
      throw new CliError(
        `job ${submitted.id} not done after ${options.timeoutSeconds}s; read it later with GET /optimization/v2/result?id=${submitted.id}`,
      );
    await new Promise((done) => setTimeout(done, 1000));
  }
  options.progress(`[${((Date.now() - started) / 1000).toFixed(1)}s] done`);

  const { summary, routes, unassigned } = answer.result;
  options.out(
    `routes: ${summary.routes}  distance: ${km(summary.distance)}  duration: ${minutes(summary.duration)}  unassigned: ${summary.unassigned}`,
  );
  for (const route of routes) {
    const stops = route.steps.filter((s: { type: string }) => s.type !== 'start' && s.type !== 'end' && s.type !== 'break').length;
    options.out(`  vehicle ${route.vehicle}: ${stops} stops, ${km(route.distance)}, ${minutes(route.duration)}`);
  }
  for (const u of unassigned ?? []) options.out(`  unassigned ${u.type} ${u.id}${u.reason ? `: ${u.reason}` : ''}`);
}
