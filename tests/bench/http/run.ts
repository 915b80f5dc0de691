/**
 * npm run bench:http [-- options]
 *
 * Drives the local stack over HTTP with autocannon at several concurrencies and prints,
 * per endpoint: requests per second, p50, p99 and the slowest request, plus the
 * resident memory of the stack's whole process tree (from /proc).
 *
 *   (default)             the stack `npm start` is running (found through its data folder)
 *   --boot                boot a fresh on-disk stack in a temporary folder instead, which also
 *                         measures the first request to each endpoint right after start
 *   --data-dir DIR        the running stack's data folder (default WAYMARK_DATA_DIR or .data)
 *   --duration S          seconds per endpoint and concurrency (default 10)
 *   --connections LIST    concurrencies (default 1,10,50)
 *   --only TEXT           only the endpoints whose name contains TEXT
 *   --soak MINUTES        then mixed load (every endpoint, 10 connections) for that long,
 *                         printing the stack's memory every 30 s
 *
 * Requests go to the loopback address only; every run is bounded in time.
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { loadAverage, machine } from '../host';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readStackFile } from '../../../infra/local/stack-file';
import { bootStack, type BootedStack } from '../../integration/support/stack';
import { stackRole, treeCpuMs, treeMemory } from '../../integration/support/process-tree';
import { SCENARIOS, type Scenario } from './scenarios';
import { issueBenchKey, seed, type Seeded } from './seed';

const { values: args } = parseArgs({
  options: {
    boot: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,10,50' },
    only: { type: 'string' },
    soak: { type: 'string' },
  },
});

const duration = Number(args.duration);
const connections = args.connections.split(',').map(Number);
const soakMinutes = args.soak ? Number(args.soak) : 0;
const scenarios = SCENARIOS.filter((s) => !args.only || s.name.includes(args.only));
if (!(duration > 0 && duration <= 120) || connections.some((c) => !(c >= 1 && c <= 200)) || !(soakMinutes >= 0 && soakMinutes <= 60))
  throw new Error('--duration must be 1..120 s, --connections 1..200 each, --soak 0..60 minutes');

// Hard bound on the whole run: every measurement, seeding and a soak, with room to spare.
const budgetMs = (scenarios.length * connections.length * (duration + 5) + soakMinutes * 60 + 600) * 1000;
setTimeout(() => {
  console.error(`bench:http: over its time budget (${Math.round(budgetMs / 1000)} s); stopping`);
  process.exit(2);
}, budgetMs).unref();

const mb = (n: number) => `${Math.round(n)} MB`;

/** The stack's base URL on 127.0.0.1; anything that is not loopback is refused. */
function loopback(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  if (!/^127\.\d+\.\d+\.\d+$/.test(url.hostname) && url.hostname !== '[::1]')
    throw new Error(`bench:http only measures a stack on this machine's loopback address, not ${baseUrl}`);
  return url.origin;
}

function memoryLine(pid: number): string {
  const tree = treeMemory(pid);
  const parts = tree.processes.map((p) => `${p.command.split(' ').pop()!.split('/').pop()} ${mb(p.mb)}`);
  return `${mb(tree.totalMb)} (${parts.join(', ')})`;
}

function run(url: string, request: Request | Request[], connections: number, seconds: number): Promise<Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: Array.isArray(request) ? request : [request],
  });
}

interface Row {
  scenario: string;
  connections: number;
  result: Result;
}

/** CPU ms per request each process of the stack spent during a run: where an endpoint's cost goes. */
function cpuPerRequest(pid: number, before: ReturnType<typeof treeCpuMs>, requests: number): string {
  const after = treeCpuMs(pid);
  const parts = [...after]
    .map(([p, { ms, command }]) => ({ name: stackRole(command), ms: ms - (before.get(p)?.ms ?? 0) }))
    .filter((x) => x.ms > 0)
    .map((x) => `${x.name} ${(x.ms / Math.max(1, requests)).toFixed(2)}`);
  return `      CPU ms per request: ${parts.join(', ')}`;
}

function formatRow({ scenario, connections, result: r }: Row): string {
  const bad = r.non2xx + r.errors + r.timeouts;
  return [
    scenario.padEnd(40),
    `c${connections}`.padStart(4),
    `${r.requests.average.toFixed(0)} req/s`.padStart(11),
    `p50 ${r.latency.p50} ms`.padStart(12),
    `p99 ${r.latency.p99} ms`.padStart(13),
    `max ${r.latency.max} ms`.padStart(13),
    bad ? `  ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : '',
  ].join(' ');
}

async function firstRequests(url: string, s: Seeded): Promise<void> {
  for (const scenario of SCENARIOS) {
    const req = scenario.request(s);
    const setup = req.setupRequest as ((r: Request, context: object) => Request) | undefined;
    const prepared = setup ? setup(req, {}) : req;
    const started = performance.now();
    const res = await fetch(`${url}${prepared.path}`, {
      method: prepared.method,
      headers: prepared.headers as Record<string, string> | undefined,
      body: prepared.body as string | undefined,
    });
    await res.arrayBuffer();
    console.log(`  ${scenario.name.padEnd(40)} ${res.status} in ${(performance.now() - started).toFixed(0)} ms`);
  }
}

async function soak(url: string, pid: number, s: Seeded, minutes: number): Promise<number> {
  console.log(`\nsoak: every endpoint mixed, 10 connections, ${minutes} min`);
  const requests = SCENARIOS.map((sc) => sc.request(s));
  let peak = 0;
  const started = Date.now();
  const sample = setInterval(() => {
    const total = treeMemory(pid).totalMb;
    peak = Math.max(peak, total);
    console.log(`  ${((Date.now() - started) / 60000).toFixed(1)} min: ${mb(total)}`);
  }, 30_000);
  const result = await run(url, requests, 10, minutes * 60);
  clearInterval(sample);
  console.log(`  ${result.requests.average.toFixed(0)} req/s mixed, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`);
  console.log(`  after the soak: ${memoryLine(pid)}`);
  return Math.max(peak, treeMemory(pid).totalMb);
}

async function main(): Promise<void> {
  let booted: BootedStack | undefined;
  let dataDir = resolve(args['data-dir'] ?? process.env.WAYMARK_DATA_DIR ?? '.data');
  if (args.boot) {
    console.log('booting a fresh on-disk stack (npm start) ...');
    booted = await bootStack({ WAYMARK_IN_MEMORY: '0' });
    dataDir = booted.dataDir;
  }
  try {
    const stack = readStackFile(dataDir);
    if (!stack) throw new Error(`no running stack with data in ${dataDir}: start one with \`npm start\`, or pass --boot`);
    const url = loopback(stack.baseUrl);
    console.log(`machine: ${machine()}; load average ${loadAverage()}`);
    console.log(`stack ${url} (launcher pid ${stack.pid}), memory: ${memoryLine(stack.pid)}`);
    const seeded = await seed(url, await issueBenchKey(stack.dynamodb));
    console.log(
      booted ? '\nfirst request to each endpoint after start:' : '\nfirst request to each endpoint in this run (the stack may be warm):',
    );
    await firstRequests(url, seeded);
    const rows: Row[] = [];
    console.log(`\n${duration} s per endpoint and concurrency:`);
    for (const scenario of scenarios as Scenario[]) {
      for (const c of connections) {
        const cpuBefore = treeCpuMs(stack.pid);
        const row = { scenario: scenario.name, connections: c, result: await run(url, scenario.request(seeded), c, duration) };
        rows.push(row);
        console.log(formatRow(row));
        console.log(cpuPerRequest(stack.pid, cpuBefore, row.result.requests.total));
      }
    }
    console.log(`\nmemory after the runs: ${memoryLine(stack.pid)}`);
    if (soakMinutes) console.log(`soak peak: ${mb(await soak(url, stack.pid, seeded, soakMinutes))}`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await booted?.stop();
  }
}

await main();
