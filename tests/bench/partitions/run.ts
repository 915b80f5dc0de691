/**
 * npm run bench:partitions
 *
 * Partition load of one tenant, measured on the real store code against a
 * counting in-memory DynamoDB (counting-dynamo.ts): per partition key the peak
 * write and read units per simulated second, the largest item, and the bytes
 * read per API request. No emulator, no network; the figures are capacity
 * units, not timings, so a loaded machine only makes it slower.
 *
 * Options (env): BENCH_ASSETS (default 100000), BENCH_UPLOAD_EVERY (s, default 5),
 * BENCH_FENCES (default 100000), BENCH_MONITORS (default 50), BENCH_FENCES_PER_MONITOR
 * (default 20), BENCH_SEARCHES (per s, default 20), BENCH_CONTAINS (per s, default 20),
 * BENCH_SECONDS (simulated window, default 20), BENCH_INSTANCES (simulated Lambda
 * instances evaluating uploads; default: uploads/s x 50 ms, 1 to 200), BENCH_TOP
 * (keys listed, default 12).
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName, tables } from '../../../infra/declarations';
import { CountingDynamo, type KeyLoad } from './counting-dynamo';
import { callBytes, runTenant, type CallBytes } from './tenant';

const STAGE = 'bench';
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const assets = num('BENCH_ASSETS', 100_000);
const uploadEverySeconds = num('BENCH_UPLOAD_EVERY', 5);
const options = {
  assets,
  uploadEverySeconds,
  fences: num('BENCH_FENCES', 100_000),
  monitors: num('BENCH_MONITORS', 50),
  fencesPerMonitor: num('BENCH_FENCES_PER_MONITOR', 20),
  searchesPerSecond: num('BENCH_SEARCHES', 20),
  containsPerSecond: num('BENCH_CONTAINS', 20),
  seconds: num('BENCH_SECONDS', 20),
  // Capped: each instance holds its own compiled fences, and 200 already show what the fills cost.
  instances: num('BENCH_INSTANCES', Math.min(200, Math.max(1, Math.round((assets / uploadEverySeconds) * 0.05)))),
  seed: 7,
};
const top = num('BENCH_TOP', 12);
const WRITE_PRICE = 0.625;
const READ_PRICE = 0.125;

process.env.WAYMARK_STAGE = STAGE;
const dynamo = new CountingDynamo(tables, (id) => tableName(STAGE, id));
dynamo.onRead = (bytes) => {
  const counter = callBytes.getStore();
  if (counter) counter.bytes += bytes;
};
// Every store reaches DynamoDB through the one document client; its send is the counter's.
DynamoDBDocumentClient.prototype.send = function send(command: unknown) {
  return dynamo.send(command as never);
} as never;

const peak = (m: Map<number, number>) => Math.max(0, ...[...m].filter(([s]) => s >= 0).map(([, v]) => v));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
// Spread arguments overflow the stack at a few hundred thousand keys or calls.
const maxOf = (xs: number[]) => xs.reduce((m, x) => (x > m ? x : m), -Infinity);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  const calls: CallBytes[] = [];
  const started = Date.now();
  // The tenant's clock is the counter's: capacity is charged to the simulated second.
  await runTenant(options, dynamo, (c) => calls.push(c));
  const rows = [...dynamo.load].map(([key, l]: [string, KeyLoad]) => ({
    key,
    w: peak(l.wcu),
    r: peak(l.rcu),
    item: l.maxItemBytes,
    read: l.maxReadBytes,
  }));
  console.log(
    `tenant: ${options.assets} assets every ${options.uploadEverySeconds} s, ${options.fences} geofences, ${options.monitors} monitors x ${options.fencesPerMonitor} fences, ` +
      `${options.searchesPerSecond} searches/s, ${options.containsPerSecond} x 2 contains/s, ${options.seconds} simulated s, ${options.instances} evaluating instances ` +
      `(${((Date.now() - started) / 1000).toFixed(0)} s wall)`,
  );
  const show = (title: string, sorted: typeof rows) => {
    console.log(
      `\n${title}\n${'peak WCU/s'.padStart(10)} ${'peak RCU/s'.padStart(10)} ${'max item KB'.padStart(11)} ${'max read KB'.padStart(11)}  partition key`,
    );
    for (const r of sorted.slice(0, top))
      console.log(
        `${r.w.toFixed(0).padStart(10)} ${r.r.toFixed(1).padStart(10)} ${kb(r.item).padStart(11)} ${kb(r.read).padStart(11)}  ${r.key}`,
      );
  };
  show(
    'hottest keys by writes',
    [...rows].sort((a, b) => b.w - a.w),
  );
  show(
    'hottest keys by reads',
    [...rows].sort((a, b) => b.r - a.r),
  );
  console.log(`\n${rows.length} partition keys in all`);
  console.log('\nbytes read per API request (median / max KB, count):');
  const kinds = [...new Set(calls.map((c) => c.kind))];
  for (const kind of kinds) {
    const b = calls.filter((c) => c.kind === kind).map((c) => c.bytes);
    console.log(`  ${kind.padEnd(24)} ${kb(median(b)).padStart(9)} / ${kb(maxOf(b)).padStart(9)}  (${b.length})`);
  }
  // On-demand prices (us-east-1, per million request units) and a 30-day month: an estimate.
  const window = Math.max(1, options.seconds);
  const total = (pick: (l: KeyLoad) => Map<number, number>) =>
    [...dynamo.load.values()].reduce((sum, l) => sum + [...pick(l)].filter(([s]) => s >= 0).reduce((a, [, v]) => a + v, 0), 0) / window;
  const byTable = new Map<string, { w: number; r: number }>();
  for (const [key, l] of dynamo.load) {
    const table = key.split(' ')[0];
    const sum = (m: Map<number, number>) => [...m].filter(([s]) => s >= 0).reduce((a, [, v]) => a + v, 0) / window;
    const t = byTable.get(table) ?? { w: 0, r: 0 };
    byTable.set(table, { w: t.w + sum(l.wcu), r: t.r + sum(l.rcu) });
  }
  console.log('\naverage units per table (and index):');
  for (const [table, t] of [...byTable].sort((a, b) => b[1].w + b[1].r - a[1].w - a[1].r))
    console.log(`  ${table.padEnd(36)} ${t.w.toFixed(0).padStart(8)} WCU/s ${t.r.toFixed(0).padStart(8)} RCU/s`);
  // Uploads are the only writes in the window (setup runs before it): units per one-point upload.
  const uploadsPerSecond = options.assets / options.uploadEverySeconds;
  const perUpload = [...byTable].filter(([, t]) => t.w > 0).sort((a, b) => b[1].w - a[1].w);
  console.log(
    `\nwrite units per upload: ${(perUpload.reduce((n, [, t]) => n + t.w, 0) / uploadsPerSecond).toFixed(2)} (` +
      perUpload.map(([table, t]) => `${table} ${(t.w / uploadsPerSecond).toFixed(2)}`).join(', ') +
      ')',
  );
  const wcu = total((l) => l.wcu);
  const rcu = total((l) => l.rcu);
  const month = 30 * 86400;
  const cost = ((wcu * month) / 1e6) * WRITE_PRICE + ((rcu * month) / 1e6) * READ_PRICE;
  console.log(
    `\nwhole tenant: ${wcu.toFixed(0)} WCU/s, ${rcu.toFixed(0)} RCU/s on average; on-demand estimate ` +
      `$${cost.toFixed(0)}/month (writes $${WRITE_PRICE}, reads $${READ_PRICE} per million units, storage not included)`,
  );
  const hottestW = maxOf(rows.map((r) => r.w));
  const hottestR = maxOf(rows.map((r) => r.r));
  const largest = maxOf(calls.map((c) => c.bytes));
  console.log(
    `hottest partition key: ${hottestW.toFixed(0)} WCU/s, ${hottestR.toFixed(0)} RCU/s; largest read per request: ${kb(largest)} KB`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
