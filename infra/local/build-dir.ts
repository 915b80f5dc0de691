import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { processAlive } from './stack-file';

// Every running stack has its own build folder, named after its launcher's pid, so
// two stacks in one checkout (npm start beside the test suite's) never build into,
// or clean away, each other's handlers. `npm run package` owns .esbuild/ and
// removes it when done, so the stacks build elsewhere: under node_modules, where
// the bundles still resolve the project's packages.

export function buildRoot(root: string): string {
  return resolve(root, 'node_modules/.cache/waymark/stacks');
}

/** This stack's folder, after removing those of stacks that are no longer running. */
export function stackBuildDir(root: string): string {
  const dir = buildRoot(root);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) rmSync(resolve(dir, name), { recursive: true, force: true });
  }
  return resolve(dir, String(process.pid));
}
