import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Newest modification time under `path` (a file or a folder), in ms. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * The map console is a build artefact (functions/console/app, built into
 * build/console). `npm install` builds it through `prepare`, but a checkout
 * installed with --ignore-scripts, or a cleaned build/, would leave /console
 * answering 503, so the launcher builds it when it is missing. It is rebuilt when its sources changed since: a pulled
 * fix (a security one above all) must not wait for someone to rebuild by hand.
 * A failed build does not stop the API from starting.
 */
export function ensureConsoleBuilt(root: string, say: (line: string) => void): void {
  const built = resolve(root, 'build/console/index.html');
  const sources = [resolve(root, 'functions/console/app/src'), resolve(root, 'functions/console/app/index.html')];
  if (existsSync(built) && Math.max(...sources.map(newest)) <= statSync(built).mtimeMs) return;
  say('Building the map console (npm run build:console)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build:console'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) say('The console build failed; /console answers 503 until `npm run build:console` succeeds.');
}
