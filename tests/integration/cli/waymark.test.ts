import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { localKeyPath } from '../../../infra/local/stack-file';
import { sharedStack, type SharedStack } from '../support/shared-stack';

// `npx waymark` as a user runs it, against a running `npm start` (this worker's shared one,
// support/shared-stack.ts). Without flags the CLI finds the stack and the key it printed
// through the data folder, so this file works as that root key, not the organisation key the
// shared stack hands each file: the data it seeds lands in the root key's organisation, which
// no other file uses.

const root = resolve(import.meta.dirname, '../../..');
const bin = resolve(root, 'infra/cli/waymark.mjs');
const problem = resolve(root, 'tests/fixtures/optimization/gothenburg-demo.json');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('waymark CLI', () => {
  let stack: SharedStack & { rootKey: string };

  const run = async (args: string[], env: NodeJS.ProcessEnv = stack.env): Promise<Run> => {
    try {
      const { stdout, stderr } = await promisify(execFile)(bin, args, { cwd: root, env, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
  const get = async (path: string) =>
    (await fetch(`${stack.baseUrl}${path}${path.includes('?') ? '&' : '?'}key=${stack.rootKey}`)).json() as Promise<any>;

  beforeAll(async () => {
    const shared = await sharedStack();
    stack = { ...shared, rootKey: readFileSync(localKeyPath(shared.dataDir), 'utf8').trim() };
  }, 180_000);

  it('prints usage, and fails clearly on an unknown command', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: npx waymark <command>/);
    expect(help.stdout).toMatch(/optimize <problem.json> \[--wait\]/);
    const bad = await run(['frobnicate']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^waymark: unknown command "frobnicate"/);
  });

  it('seeds demo data into the running stack, and can run again', async () => {
    const first = await run(['seed']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/geofence demo-centrum: created/);
    expect((await get('/geofence/list?tags=demo')).data.list).toHaveLength(3);
    expect((await get('/tracking/monitor/demo-centrum-watch')).data.monitor).toMatchObject({ id: 'demo-centrum-watch' });
    const track = await get('/tracking/asset/demo-van-1/location/list');
    expect(track.data.list.length).toBeGreaterThanOrEqual(5);
    const again = await run(['seed']);
    expect(again.code).toBe(0);
  });

  it('optimizes a problem file, with progress on stderr and a summary on stdout', async () => {
    const result = await run(['optimize', problem, '--wait']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^job [0-9a-f-]{36}$/m);
    expect(result.stdout).toMatch(/^routes: 2 {2}distance: [\d.]+ km {2}duration: \d+ min {2}unassigned: 0$/m);
    expect(result.stdout).toMatch(/^ {2}vehicle 1: \d+ stops/m);
    expect(result.stderr).toMatch(/\[\d+\.\ds\] done/);
  });

  it('takes the target from flags or the environment, and reports a bad key or a missing file', async () => {
    const env = { ...stack.env, WAYMARK_DATA_DIR: resolve(stack.dataDir, 'nowhere') };
    const noTarget = await run(['optimize', problem], env);
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toMatch(/no Waymark to talk to/);
    const viaFlags = await run(['optimize', problem, '--base-url', stack.baseUrl, '--key', stack.rootKey], env);
    expect(viaFlags.code).toBe(0);
    expect(viaFlags.stdout).toMatch(/^job /);
    const badKey = await run(['optimize', problem], { ...env, WAYMARK_BASE_URL: stack.baseUrl, WAYMARK_API_KEY: 'wm_nope' });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/answered 401/);
    const missing = await run(['optimize', 'no-such-problem.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read no-such-problem.json/);
  });

  it('delegates keys to the operator command', async () => {
    const created = await run(['keys', 'create', '--org', 'cli-test']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^API key: wm_/m);
    const listed = await run(['keys', 'list', '--org', 'cli-test']);
    expect(listed.stdout).toMatch(/\(root\)/);
  });
});
