import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRoot, stackBuildDir } from '../../../infra/local/build-dir';

// Two stacks in one checkout (npm start and the test suite's) must never build
// into, or clean away, each other's handlers.

describe('a local stack build folder', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

  function checkout(): string {
    const root = mkdtempSync(join(tmpdir(), 'waymark-build-dir-'));
    roots.push(root);
    return root;
  }

  it('is named after this launcher, under node_modules (not .esbuild, which packaging removes)', () => {
    const root = checkout();
    expect(stackBuildDir(root)).toBe(resolve(root, 'node_modules/.cache/waymark/stacks', String(process.pid)));
  });

  it('removes the folders of stacks that stopped and keeps those of running ones', () => {
    const root = checkout();
    const exited = spawnSync(process.execPath, ['-e', '0']).pid!;
    const running = process.ppid;
    for (const pid of [exited, running]) mkdirSync(resolve(buildRoot(root), String(pid)), { recursive: true });
    stackBuildDir(root);
    expect(existsSync(resolve(buildRoot(root), String(exited)))).toBe(false);
    expect(existsSync(resolve(buildRoot(root), String(running)))).toBe(true);
  });
});
