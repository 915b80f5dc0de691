/**
 * npm run bench:routing -- --stack [--boot] [--data-dir DIR] [--duration S] [--runs N]
 *
 * Directions through the local stack (`npm start`: serverless-offline, key lookup, rate limit,
 * validation, the handler): autocannon at one connection on POST /directions/json between
 * Gothenburg points, N runs of S seconds, printing each run's p50/p90 and the median p50, with
 * the load average before and after. A warm-up first routes past the point where the process
 * builds its hierarchy, as a warm function has. The machine is shared: compare with the in-process p50
 * that `npm run bench:routing` prints.
 */
import autocannon, { type Request } from 'autocannon';
import { loadAverage, machine } from '../host';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROUTES_BEFORE_HIERARCHY } from '../../../shared/roads/network';
import { readStackFile } from '../../../infra/local/stack-file';
import { bootStack, type BootedStack } from '../../integration/support/stack';
import { issueBenchKey } from '../http/seed';

const { values: args } = parseArgs({
  options: {
    stack: { type: 'boolean', default: false },
    boot: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '5' },
  },
});

const duration = Number(args.duration);
const runs = Number(args.runs);
if (!(duration >= 1 && duration <= 60) || !(runs >= 1 && runs <= 20)) throw new Error('--duration must be 1..60 s, --runs 1..20');

// Stations, squares and suburbs of the demo network: short and long drives across the city.
const PLACES = [
  '57.70891,11.97462',
  '57.69680,11.98900',
  '57.69870,11.95630',
  '57.72100,11.94200',
  '57.68500,12.00900',
  '57.70500,11.93000',
];
const PAIRS = PLACES.flatMap((a) => PLACES.filter((b) => b !== a).map((b) => ({ origin: a, destination: b })));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function directionsRequest(key: string): Request {
  let n = 0;
  return {
    method: 'POST',
    path: `/directions/json?key=${key}`,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => ({ ...req, body: JSON.stringify(PAIRS[n++ % PAIRS.length]) }),
  };
}

async function main(): Promise<void> {
  let booted: BootedStack | undefined;
  let dataDir = resolve(args['data-dir'] ?? process.env.WAYMARK_DATA_DIR ?? '.data');
  if (args.boot) {
    console.log('booting a fresh stack (npm start) ...');
    booted = await bootStack();
    dataDir = booted.dataDir;
  }
  try {
    const stack = readStackFile(dataDir);
    if (!stack) throw new Error(`no running stack with data in ${dataDir}: start one with \`npm start\`, or pass --boot`);
    const url = stack.baseUrl.replace('//localhost', '//127.0.0.1');
    if (!/^http:\/\/127\.\d+\.\d+\.\d+(:\d+)?$/.test(url)) throw new Error(`only a stack on the loopback address is measured, not ${url}`);
    // Quotas far above the defaults, so the figures measure the stack, not 429s.
    const key = await issueBenchKey(stack.dynamodb);
    console.log(`machine: ${machine()}; load average ${loadAverage()}`);
    const first = performance.now();
    const res = await fetch(`${url}/directions/json?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(PAIRS[0]),
    });
    if (res.status !== 200) throw new Error(`directions answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
    console.log(`first directions request of this run: ${(performance.now() - first).toFixed(1)} ms`);
    // A fresh process routes on Dijkstra until it has routed enough to build the hierarchy.
    const warm = await autocannon({
      url,
      connections: 1,
      amount: ROUTES_BEFORE_HIERARCHY + 8,
      timeout: 30,
      requests: [directionsRequest(key)],
    });
    console.log(
      `warm-up: ${warm.requests.total} requests, slowest ${warm.latency.max} ms (a fresh stack builds the hierarchy in one of them)`,
    );
    const p50s: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await autocannon({ url, connections: 1, duration, timeout: 10, requests: [directionsRequest(key)] });
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad) throw new Error(`run ${i + 1}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      p50s.push(r.latency.p50);
      console.log(
        `run ${i + 1}: ${r.requests.total} requests, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms; load ${loadAverage()}`,
      );
    }
    console.log(`directions through the local stack, c1, median p50 of ${runs} runs: ${median(p50s)} ms`);
  } finally {
    await booted?.stop();
  }
}

await main();
