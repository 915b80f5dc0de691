import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Newest modification time under `path` (a file or a folder), in ms. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

interface BuildOutput {
  /** The file the build writes last, relative to the project root. */
  output: string;
  /** What it is built from, relative to the project root. */
  sources: string[];
  /** The npm script that builds it. */
  script: string;
  /** What is missing while the build fails. */
  without: string;
}

/**
 * The map console and the OpenAPI document are build outputs (under build/). `npm install`
 * makes them through `prepare`, but a checkout installed with --ignore-scripts, or a
 * cleaned build/, would leave their routes answering 503, so the launcher builds what is
 * missing. It rebuilds what is older than its sources: a pulled fix (a security one above
 * all) must not wait for someone to rebuild by hand. A failed build does not stop the API.
 */
function ensureBuilt(root: string, say: (line: string) => void, what: BuildOutput): void {
  const built = resolve(root, what.output);
  if (existsSync(built) && Math.max(...what.sources.map((s) => newest(resolve(root, s)))) <= statSync(built).mtimeMs) return;
  say(`Building ${what.output} (npm run ${what.script})...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', what.script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) say(`The build failed; ${what.without} answers 503 until \`npm run ${what.script}\` succeeds.`);
}

export function ensureConsoleBuilt(root: string, say: (line: string) => void): void {
  ensureBuilt(root, say, {
    output: 'build/console/index.html',
    sources: ['functions/console/app/src', 'functions/console/app/index.html'],
    script: 'build:console',
    without: '/console',
  });
}

/** The document derives from every function's routes and schemas, hence its wide sources. */
export function ensureOpenApiWritten(root: string, say: (line: string) => void): void {
  ensureBuilt(root, say, {
    output: 'build/openapi.json',
    sources: ['functions', 'shared', 'infra/openapi'],
    script: 'openapi',
    without: '/openapi.json',
  });
}
