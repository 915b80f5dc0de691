import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../infra/local/ports';

// Boots the real `npm start` (in memory, free ports, its own data folder) the
// way a user would, and reads the base URL and key it prints.

const root = resolve(import.meta.dirname, '../../..');

export interface BootedStack {
  baseUrl: string;
  apiKey: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  env: NodeJS.ProcessEnv;
  /** SIGTERM as a user's Ctrl-C would send; resolves once npm start has exited. Idempotent. */
  stop(): Promise<void>;
}

/** This process's environment for a stack or its CLI, with `extra` (the stack's port and data folder). */
export function stackEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // The integration workers point these at the test emulators; the stack makes its own.
  for (const name of Object.keys(env))
    if (name.startsWith('WAYMARK_') || name.startsWith('TABLE_') || name.startsWith('QUEUE_')) delete env[name];
  return { ...env, ...extra };
}

/**
 * A start that failed only because a port it had found free was taken before it was bound:
 * npm start and this helper pick free ports first and bind them seconds later, and on a busy
 * machine (test files run in parallel, each maybe booting a stack) another process may take
 * one meanwhile. The stack itself did nothing wrong; it is started again on new ports.
 */
const PORT_TAKEN = /EADDRINUSE|Address already in use|port \d+ is already in use/;
const START_ATTEMPTS = 3;

/**
 * `logFile`: the stack writes its output there rather than to this process, and is unreferenced,
 * so it outlives the test worker that started it (see shared-stack.ts).
 */
export async function bootStack(extraEnv: Record<string, string> = {}, logFile?: string): Promise<BootedStack> {
  for (let attempt = 1; ; attempt++) {
    const result = await startOnce(extraEnv, logFile);
    if ('baseUrl' in result) return result;
    if (!PORT_TAKEN.test(result.failure) || attempt === START_ATTEMPTS) throw new Error(result.failure);
    console.warn(`npm start lost a port it had picked to another process; starting it again (${result.failure.split('\n')[0]})`);
  }
}

async function startOnce(extraEnv: Record<string, string>, logFile?: string): Promise<BootedStack | { failure: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-e2e-'));
  const port = await freePort();
  const env = stackEnv({ WAYMARK_PORT: String(port), WAYMARK_DATA_DIR: dataDir, WAYMARK_IN_MEMORY: '1', ...extraEnv });
  let output: () => string;
  let child: ChildProcess;
  if (logFile) {
    const fd = openSync(logFile, 'w');
    child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    child.unref();
    output = () => readFileSync(logFile, 'utf8');
  } else {
    let piped = '';
    child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout!.on('data', (d: Buffer) => (piped += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (piped += d.toString()));
    output = () => piped;
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  // Generous: on a busy shared machine serverless-offline alone can take minutes to come up.
  const started = Date.now();
  const deadline = started + 300_000;
  while (!/^API key: (\S+)$/m.test(output())) {
    if (Date.now() > deadline || child.exitCode !== null) {
      const why = child.exitCode !== null ? `exited with code ${child.exitCode}` : 'still not ready, stopped';
      // SIGTERM first: the launcher stops the children it started in their own process
      // groups (serverless-offline, the emulators), which a group SIGKILL would orphan.
      await terminate(child, exited);
      rmSync(dataDir, { recursive: true, force: true });
      const after = Math.round((Date.now() - started) / 1000);
      return { failure: `npm start did not become ready (${why} after ${after} s):\n${output().slice(-3000)}` };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const baseUrl = /^Base URL: (\S+)$/m.exec(output())![1];
  const apiKey = /^API key: (\S+)$/m.exec(output())![1];
  return {
    baseUrl,
    apiKey,
    dataDir,
    child,
    env,
    output,
    stop: async () => {
      await terminate(child, exited);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SIGTERM, then SIGKILL to the whole group if the launcher has not exited within 20 s. */
async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  process.kill(child.pid!, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 20_000);
  await exited;
  clearTimeout(timer);
}

/** Runs an operator command (npm run ...) against the booted stack. */
export async function runCli(stack: Pick<BootedStack, 'env'>, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', ...args], { cwd: root, env: stack.env });
  return stdout;
}
