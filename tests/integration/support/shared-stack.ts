import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { bootStack, runCli, stackEnv } from './stack';

// One `npm start` stack for each worker slot, shared by the test files that want the default
// environment: booting a stack is the slowest step of those files, and they only need a
// running one. Vitest starts a fresh worker process per file, so the stack is started detached
// (it outlives the file that booted it) and found again through a file in the run's folder;
// the global setup stops them all at the end (stopSharedStacks). A slot runs one file at a
// time, so two files never race to boot the same slot's stack.
//
// Files stay apart as with a stack each: every file gets a root key of a new organisation,
// so it sees only its own data and quota.

/**
 * The default environment but for one setting: a namespaced key works after 1 s rather than
 * 15 minutes, so the files that issue one and then use it (the compatibility clients) share the
 * stack too. No file on it checks the default delay (the npm start test boots its own with 3 s);
 * the key cache, never longer than the delay, holds keys for 1 s instead of 10 s.
 */
const SHARED_ENV = { WAYMARK_KEY_DELAY_SECONDS: '1' };

export interface SharedStack {
  baseUrl: string;
  /** A root key of an organisation of this file's own. */
  apiKey: string;
  dataDir: string;
  /** The stack's environment, for running the CLI against it. */
  env: NodeJS.ProcessEnv;
}

interface Running {
  baseUrl: string;
  dataDir: string;
  port: string;
  pid: number;
}

/** Whether the process runs: the worker that started a stack has exited, so nobody may reap it and it may linger as a zombie. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};

function running(stateFile: string): Running | null {
  if (!existsSync(stateFile)) return null;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as Running;
  return alive(state.pid) ? state : null;
}

const envOf = (stack: Running) => stackEnv({ WAYMARK_PORT: stack.port, WAYMARK_DATA_DIR: stack.dataDir, WAYMARK_IN_MEMORY: '1' });

/** This slot's stack, booted by the first file of the run that asks; a new organisation's key on it. */
export async function sharedStack(): Promise<SharedStack> {
  const dir = inject('sharedStacks');
  const slot = process.env.VITEST_POOL_ID ?? '1';
  const stateFile = join(dir, `slot-${slot}.json`);
  let stack = running(stateFile);
  if (!stack) {
    const booted = await bootStack(SHARED_ENV, join(dir, `slot-${slot}.log`));
    stack = { baseUrl: booted.baseUrl, dataDir: booted.dataDir, port: booted.env.WAYMARK_PORT!, pid: booted.child.pid! };
    writeFileSync(stateFile, JSON.stringify(stack));
  }
  const env = envOf(stack);
  const created = await runCli({ env }, ['keys', '--', 'create', '--org', `file-${randomUUID().slice(0, 8)}`]);
  const apiKey = /^API key: (\S+)$/m.exec(created)?.[1];
  if (!apiKey) throw new Error(`keys create printed no key:\n${created}`);
  return { baseUrl: stack.baseUrl, apiKey, dataDir: stack.dataDir, env };
}

/** Stops every slot's stack as a user's Ctrl-C would (the whole group killed after 20 s), and removes its data. */
export async function stopSharedStacks(dir: string): Promise<void> {
  const states = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Running);
  await Promise.all(
    states.map(async (stack) => {
      if (alive(stack.pid)) {
        process.kill(stack.pid, 'SIGTERM');
        const deadline = Date.now() + 20_000;
        while (alive(stack.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        if (alive(stack.pid)) {
          try {
            process.kill(-stack.pid, 'SIGKILL');
          } catch {
            /* gone meanwhile */
          }
        }
      }
      rmSync(stack.dataDir, { recursive: true, force: true });
    }),
  );
  rmSync(dir, { recursive: true, force: true });
}
