import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The map console is a build artefact (infra/console/dist). `npm install` builds
 * it through `prepare`, but a checkout installed with --ignore-scripts, or a
 * cleaned dist/, would leave /console answering 503, so the launcher builds it
 * when it is missing. A failed build does not stop the API from starting.
 */
export function ensureConsoleBuilt(root: string, say: (line: string) => void): void {
  if (existsSync(resolve(root, 'infra/console/dist/index.html'))) return;
  say('Building the map console (npm run build:console)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', '--silent', 'build:console'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) say('The console build failed; /console answers 503 until `npm run build:console` succeeds.');
}
