/**
 * npm run bench:transfer
 *
 * Export and import of a space at the issue's scale: BENCH_ASSETS assets (default 10,000) with 100
 * track points each, and as many geofences. Boots its own DynamoDB Local (in memory), stores one
 * asset (100 points through the real upload) and one geofence through the real handlers, then
 * copies their stored items BENCH_ASSETS times under new ids (an import of a generated export:
 * the same items the handlers write, without an hour of uploads), and measures
 *  1. `waymark import` of that export into a fresh space, and
 *  2. `waymark export` of the imported space,
 * each run as the CLI in a child process under /usr/bin/time (wall time, peak RSS).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import { machine } from '../host';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { startDynamo } from '../../../infra/local/emulators';
import { provisionTables } from '../../../infra/local/provision';

const STAGE = 'bench';
const N = Number(process.env.BENCH_ASSETS ?? 10_000);
const root = resolve(import.meta.dirname, '../../..');
const ASSET = 'bench-asset-x';
const FENCE = 'bench-fence-x';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode?: number; body?: string }>;

async function call(handler: Handler, method: string, path: string, key: string, body?: unknown, pathParameters?: Record<string, string>) {
  const event = {
    version: '2.0',
    rawPath: path,
    rawQueryString: `key=${key}`,
    headers: { 'content-type': 'application/json' },
    queryStringParameters: { key },
    pathParameters,
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), http: { method, path, sourceIp: '127.0.0.1' } },
  } as unknown as APIGatewayProxyEventV2;
  const r = await handler(event, { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 } as unknown as Context);
  if (r.statusCode !== 200) throw new Error(`${method} ${path} -> ${r.statusCode} ${r.body}`);
}

/** Runs the CLI under /usr/bin/time: wall seconds and peak RSS (MB). */
function timed(args: string[], env: NodeJS.ProcessEnv): { seconds: number; peakMb: number } {
  const started = Date.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'PEAK_KB %M', process.execPath, resolve(root, 'infra/cli/waymark.mjs'), ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`waymark ${args[0]} failed: ${r.stderr.slice(-2000)}`);
  const peak = /PEAK_KB (\d+)/.exec(r.stderr)?.[1];
  return { seconds: (Date.now() - started) / 1000, peakMb: Number(peak ?? 0) / 1024 };
}

async function main() {
  console.log(`machine: ${machine()}, load ${os.loadavg()[0].toFixed(2)}`);
  const dynamo = await startDynamo({ dataDir: null });
  const work = mkdtempSync(join(os.tmpdir(), 'waymark-bench-transfer-'));
  try {
    await provisionTables(dynamo.endpoint, STAGE);
    const env = {
      ...process.env,
      WAYMARK_STAGE: STAGE,
      WAYMARK_DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      WAYMARK_LOG_LEVEL: 'error',
    };
    Object.assign(process.env, env);
    const { issueRootKey } = await import('../../../shared/auth/issue');
    const { DynamoKeyStore } = await import('../../../shared/auth/dynamo-store');
    const { handler: createFence } = await import('../../../functions/geofence/create');
    const { handler: createAsset } = await import('../../../functions/tracking/create-asset');
    const { handler: bind } = await import('../../../functions/tracking/bind-device');
    const { handler: track } = await import('../../../functions/tracking/upload-track');
    const now = Math.floor(Date.now() / 1000);
    const { key } = await issueRootKey(new DynamoKeyStore(), { org: 'seed', now });
    await call(createFence as Handler, 'POST', '/geofence', key, {
      type: 'circle',
      custom_id: FENCE,
      name: 'depot',
      circle: { center: { lat: 57.7, lon: 11.97 }, radius: 300 },
    });
    await call(createAsset as Handler, 'POST', '/skynet/asset', key, { custom_id: ASSET, name: 'van' });
    await call(bind as Handler, 'POST', `/skynet/asset/${ASSET}/bind`, key, { device_id: 'dev' }, { id: ASSET });
    const t0 = Date.now() - 3600_000;
    const locations = Array.from({ length: 100 }, (_, i) => ({
      location: { lat: 57.7 + i * 1e-4, lon: 11.97 },
      timestamp: t0 + i * 10_000,
    }));
    await call(track as Handler, 'POST', `/skynet/asset/${ASSET}/track`, key, { device_id: 'dev', locations }, { id: ASSET });

    const seedDir = join(work, 'seed');
    const flags = ['--stage', STAGE, '--dynamodb-endpoint', dynamo.endpoint];
    timed(['export', '--out', seedDir, '--space', 'seed|', ...flags], env);

    // The generated export: every seed line once per copy, its ids renamed.
    const bigDir = join(work, 'big');
    execFileSync('mkdir', ['-p', bigDir]);
    const manifest = JSON.parse(readFileSync(join(seedDir, 'manifest.json'), 'utf8'));
    for (const file of readdirSync(seedDir).filter((f) => f.endsWith('.ndjson'))) {
      const lines = readFileSync(join(seedDir, file), 'utf8').split('\n').filter(Boolean);
      const out = createWriteStream(join(bigDir, file));
      let items = 0;
      for (let i = 0; i < N; i++)
        for (const line of lines) {
          if (file === 'keys.ndjson' && i) continue;
          if (!out.write(`${line.replaceAll(ASSET, `bench-asset-${i}`).replaceAll(FENCE, `bench-fence-${i}`)}\n`)) await once(out, 'drain');
          items++;
        }
      out.end();
      await once(out, 'finish');
      manifest.tables[file.replace('.ndjson', '')].items = items;
    }
    writeFileSync(join(bigDir, 'manifest.json'), JSON.stringify(manifest));
    const total = Object.values(manifest.tables as Record<string, { items: number }>).reduce((n, t) => n + t.items, 0);
    console.log(`generated export: ${N} assets x 100 points, ${N} geofences: ${total} stored items`);
    for (const [t, { items }] of Object.entries(manifest.tables as Record<string, { items: number }>))
      if (items) console.log(`  ${t}: ${items}`);

    const report = (what: string, r: ReturnType<typeof timed>) =>
      console.log(`${what}: ${r.seconds.toFixed(1)} s, peak RSS ${r.peakMb.toFixed(0)} MB`);
    report('import', timed(['import', '--in', bigDir, '--space', 'copy|', ...flags], env));
    report('export', timed(['export', '--out', join(work, 'again'), '--space', 'copy|', ...flags], env));
  } finally {
    await dynamo.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
