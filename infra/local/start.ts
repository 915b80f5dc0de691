import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamo, startSqs, LOCAL_CREDENTIALS, LOCAL_REGION, type Running } from './emulators';
import { freePort, waitFor } from './ports';
import { provisionQueues, provisionTables } from './provision';
import { indexLegacyDevices, moveLegacyAssets } from '../../shared/tracking/migrate';
import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { requeuePending, sweepOnce } from './recover';
import { ensureConsoleBuilt, ensureOpenApiWritten } from './build-outputs';
import { ensureDemoNetwork } from './networks';
import { ensureLocalRootKey } from './root-key';
import { localKeyPath, removeStackFile, writeStackFile } from './stack-file';
import { quietSdk } from './quiet-sdk';
import { stackBuildDir } from './build-dir';
import { warmUp } from './warm-up';

// `npm start`: the whole local stack in one process tree. DynamoDB Local and
// the SQS emulator come up first, then the tables and queues of
// infra/declarations.ts, then serverless-offline with the HTTP API and the
// queue consumer. Ctrl-C or SIGTERM stops all of it.

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const STAGE = 'local';

function setting(name: string, fallback: string): string {
  return process.env[name] && process.env[name] !== '' ? process.env[name]! : fallback;
}

const inMemory = process.argv.includes('--in-memory') || process.env.WAYMARK_IN_MEMORY === '1';
const dataDir = resolve(root, setting('WAYMARK_DATA_DIR', '.data'));
const port = Number(setting('WAYMARK_PORT', '3000'));
const host = 'localhost';
const buildDir = stackBuildDir(root);

const running: Running[] = [];
let api: ChildProcess | undefined;
let stopping = false;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function portIsFree(p: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${p}/`, { signal: AbortSignal.timeout(500) });
    return false;
  } catch {
    return true;
  }
}

function stopApi(): Promise<void> {
  return new Promise((done) => {
    const child = api;
    if (!child || child.exitCode !== null || child.signalCode !== null) return done();
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal); // the whole process group serverless started
      } catch {
        child.kill(signal);
      }
    };
    const timer = setTimeout(() => kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    kill('SIGTERM');
  });
}

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('Stopping Waymark...');
    await stopApi();
    for (const service of running.reverse()) await service.stop().catch(() => undefined);
    removeStackFile(dataDir);
    rmSync(buildDir, { recursive: true, force: true });
  }
  process.exit(code);
}

async function main(): Promise<void> {
  quietSdk();
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // If whatever started us (npm, a shell, a test) dies without passing on a
  // signal, we are re-parented: stop rather than leave a JVM and ports behind.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, 1000).unref();
  if (!(await portIsFree(port))) throw new Error(`port ${port} is already in use; set WAYMARK_PORT to another port`);

  say(`Starting DynamoDB Local (${inMemory ? 'in memory' : `data in ${dataDir}/dynamodb`})...`);
  const dynamo = await startDynamo({
    port: process.env.WAYMARK_DYNAMODB_PORT ? Number(process.env.WAYMARK_DYNAMODB_PORT) : undefined,
    dataDir: inMemory ? null : `${dataDir}/dynamodb`,
  });
  running.push(dynamo);
  const sqs = await startSqs({ port: Number(setting('WAYMARK_SQS_PORT', String(await freePort()))) });
  running.push(sqs);

  Object.assign(process.env, {
    WAYMARK_STAGE: STAGE,
    WAYMARK_DYNAMODB_ENDPOINT: dynamo.endpoint,
    WAYMARK_SQS_ENDPOINT: sqs.endpoint,
    WAYMARK_PORT: String(port),
    WAYMARK_LAMBDA_PORT: setting('WAYMARK_LAMBDA_PORT', String(await freePort())),
    WAYMARK_WS_PORT: setting('WAYMARK_WS_PORT', String(await freePort())),
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Local receivers (on this machine or the local network) keep working unless the caller set 0.
    WAYMARK_WEBHOOK_ALLOW_PRIVATE: process.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE === '0' ? '0' : '1',
    // One process serves every request, so rate-limit counters in its memory are exact
    // and cost no storage write; WAYMARK_RATE_LIMIT_STORE=dynamodb tries the deployed store.
    WAYMARK_RATE_LIMIT_STORE: setting('WAYMARK_RATE_LIMIT_STORE', 'memory'),
    WAYMARK_BUNDLER_PLUGIN: './infra/local/offline-runtime.cjs',
    WAYMARK_BUILD_DIR: buildDir,
  });
  await provisionTables(dynamo.endpoint, STAGE);
  // A .data/ from before the geofence spatial index: list its geofences there once.
  const indexed = await new DynamoGeofenceStore().indexExisting();
  if (indexed) say(`Listed ${indexed} existing geofence(s) in the spatial index (one-time upgrade of ${dataDir}).`);
  // A .data/ from before per-asset keys: its assets move to their own keys once.
  const moved = await moveLegacyAssets();
  if (moved) say(`Moved ${moved} existing asset(s) to per-asset keys (one-time upgrade of ${dataDir}).`);
  // A .data/ from before the device index: its bound assets become findable by device once.
  const devices = await indexLegacyDevices();
  if (devices) say(`Indexed ${devices} bound device(s) for the phone protocols (one-time upgrade of ${dataDir}).`);
  const queueUrls = await provisionQueues(sqs.endpoint, STAGE);
  const key = await ensureLocalRootKey(localKeyPath(dataDir));
  // The SQS emulator starts empty; jobs still pending in DynamoDB go back on their queues.
  for (const [queue, count] of Object.entries(await requeuePending(queueUrls)))
    if (count) say(`Requeued ${count} pending job(s) on ${queue}.`);
  process.env.WAYMARK_NETWORK_DIR = ensureDemoNetwork(resolve(root, setting('WAYMARK_NETWORK_DIR', '.data/networks')), say);
  ensureConsoleBuilt(root, say);
  ensureOpenApiWritten(root, say);

  say('Building and loading the handlers, starting the API and the queue consumer (serverless-offline)...');
  // `npm start -- --cpu-prof`: the API process writes a CPU profile (open it in Chrome's DevTools) when the stack stops.
  // WAYMARK_CPU_PROF_DIR does the same into that folder, for a stack a benchmark boots (and removes).
  const profileDir = process.env.WAYMARK_CPU_PROF_DIR || (process.argv.includes('--cpu-prof') ? resolve(dataDir, 'profiles') : '');
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : [];
  if (profile.length) say(`The API process writes a CPU profile into ${resolve(profileDir)} when the stack stops.`);
  api = spawn(
    process.execPath,
    [...profile, resolve(root, 'node_modules/serverless/bin/serverless.js'), 'offline', 'start', '--stage', STAGE],
    {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
  api.once('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`serverless-offline exited (code ${code}); stopping.\n`);
      void shutdown(1);
    }
  });
  await waitFor('the HTTP API', async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, 180_000);
  if (await warmUp(`http://127.0.0.1:${port}`, key)) say('Some warm-up requests failed; the first requests may be slower.');
  // What a crash left (stuck jobs, owed webhook events, unfinished purges and relays) is finished
  // now rather than at the schedule's first run, five minutes on.
  const unswept = await sweepOnce(process.env.WAYMARK_LAMBDA_PORT!, STAGE);
  if (unswept.length) say(`The start-up sweep of ${unswept.join(', ')} failed; the schedule runs it again within 5 minutes.`);
  writeStackFile(dataDir, { pid: process.pid, baseUrl: `http://${host}:${port}`, dynamodb: dynamo.endpoint, sqs: sqs.endpoint });
  say('');
  say('Waymark is running. Listening on:');
  say(`  API (serverless-offline)   127.0.0.1:${port} (loopback only)`);
  say(`  Live channel (web socket)  ws://127.0.0.1:${process.env.WAYMARK_WS_PORT} (loopback only)`);
  say(`  Lambda invoke endpoint     127.0.0.1:${process.env.WAYMARK_LAMBDA_PORT} (loopback only)`);
  say(`  DynamoDB Local             ${dynamo.listening}`);
  say(`  SQS emulator               ${sqs.listening}`);
  say(`Base URL: http://${host}:${port}`);
  say(`Live URL: ws://127.0.0.1:${process.env.WAYMARK_WS_PORT}`);
  say(`API key: ${key}`);
  say(`Map console: http://${host}:${port}/console?key=${encodeURIComponent(key)}`);
  say('Press Ctrl-C to stop.');
}

main().catch(async (error: Error) => {
  process.stderr.write(`npm start failed: ${error.message}\n`);
  await shutdown(1);
});
