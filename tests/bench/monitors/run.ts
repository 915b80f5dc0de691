/**
 * npm run bench:monitors
 *
 * 1. Engine: evaluation cost per point with 20 monitors (14 geofence monitors
 *    over 1,000 geofences, 3 speeding, 3 idle) on a random drive through the
 *    fences' area, batches of 100 points; against a brute-force scan of every
 *    fence for comparison.
 * 2. Ingest: POST /asset/{id}/track through the real handlers into DynamoDB
 *    Local (own emulator, in memory), batches of 100 points, several assets
 *    uploading concurrently, without monitors and with the 20 monitors and
 *    1,000 geofences active -> points/s and the added cost per point.
 *
 * 3. Roaming monitors (tests/bench/monitors/roaming.ts): CPU and storage operations per upload
 *    with 1,000 moving assets and 100 roaming monitors (BENCH_ROAMING_UPLOADS, default 3000;
 *    BENCH_SKIP_ROAMING=1 skips it). `--quick`: this section alone, 1,000 uploads (well under 2 minutes).
 *
 * Options (env): BENCH_POINTS (engine, default 200000), BENCH_INGEST_REQUESTS (default 200),
 * BENCH_CONCURRENCY (default 8).
 */
import { loadAverage, machine } from '../host';
import { randomUUID } from 'node:crypto';
import { callHandler as call } from '../handler-call';
import { compileFence, fenceContains, type CompiledFence } from '../../../shared/geo';
import { engineContext } from '../../../shared/monitors/compile';
import { emptyState, evaluate, type TrackPoint } from '../../../shared/monitors/engine';
import type { MonitorRecord, StoredMonitor } from '../../../shared/monitors/model';
import { startDynamo } from '../../../infra/local/emulators';
import { provisionTables } from '../../../infra/local/provision';
import { roamingBench } from './roaming';

const enginePoints = Number(process.env.BENCH_POINTS ?? 200_000);
const ingestRequests = Number(process.env.BENCH_INGEST_REQUESTS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

// A 20 x 20 km area around (52.5, 13.4); fences of 100-600 m.
const LAT0 = 52.4,
  LON0 = 13.25,
  SPAN_LAT = 0.18,
  SPAN_LON = 0.3;
let seed = 42;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

interface FenceSpec {
  id: string;
  body: Record<string, unknown>;
  compiled: CompiledFence;
}

function fences(n: number): FenceSpec[] {
  return Array.from({ length: n }, (_, i) => {
    const lat = LAT0 + rnd() * SPAN_LAT,
      lon = LON0 + rnd() * SPAN_LON;
    const id = `f${i}`;
    if (i % 2) {
      const radius = 100 + rnd() * 500;
      return {
        id,
        body: { type: 'circle', custom_id: id, circle: { center: { lat, lon }, radius } },
        compiled: compileFence({ id, type: 'circle', center: { lat, lon }, radius }),
      };
    }
    // A 12-sided irregular polygon.
    const ring: number[][] = [];
    for (let k = 0; k < 12; k++) {
      const a = (k / 12) * 2 * Math.PI,
        r = 0.001 + rnd() * 0.004;
      ring.push([lon + r * 1.6 * Math.cos(a), lat + r * Math.sin(a)]);
    }
    ring.push(ring[0]);
    const geojson = { type: 'Polygon', coordinates: [ring] };
    return { id, body: { type: 'polygon', custom_id: id, polygon: { geojson } }, compiled: compileFence({ id, type: 'polygon', geojson }) };
  });
}

function monitorBodies(ids: string[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const types = ['enter', 'exit', 'enter_and_exit'];
  for (let i = 0; i < 14; i++) {
    const subset = i === 0 ? ids : ids.filter(() => rnd() < 0.3);
    out.push({
      type: types[i % 3],
      custom_id: `m${i}`,
      geofence_ids: subset,
      ...(i % 4 === 3 ? { geofence_config: { dwell_time: 20_000 } } : {}),
    });
  }
  for (let i = 0; i < 3; i++)
    out.push({ type: 'speeding', custom_id: `s${i}`, speeding_config: { customer_speed_limit: 10 + i * 5, time_tolerance: i * 5000 } });
  for (let i = 0; i < 3; i++)
    out.push({ type: 'idle', custom_id: `i${i}`, idle_config: { distance_tolerance: 20 + i * 10, time_tolerance: 60_000 * (i + 1) } });
  return out;
}

function stored(body: Record<string, unknown>): StoredMonitor {
  const record: MonitorRecord = {
    id: body.custom_id as string,
    type: body.type as MonitorRecord['type'],
    name: '',
    description: '',
    tags: [],
    match_filter: {},
    geofence_ids: (body.geofence_ids as string[]) ?? [],
    dwell_time: (body.geofence_config as { dwell_time?: number } | undefined)?.dwell_time,
    speeding_config: body.speeding_config as MonitorRecord['speeding_config'],
    idle_config: body.idle_config as MonitorRecord['idle_config'],
    created_at: 0,
    updated_at: 0,
  };
  return { record, rev: 'r' };
}

/** A drive: a random walk of ~15 m steps every second, with stops. */
function drive(n: number, t0: number): TrackPoint[] {
  let lat = LAT0 + SPAN_LAT / 2,
    lon = LON0 + SPAN_LON / 2,
    heading = rnd() * 2 * Math.PI;
  const out: TrackPoint[] = [];
  for (let i = 0; i < n; i++) {
    const stopped = Math.floor(i / 200) % 5 === 4;
    heading += (rnd() - 0.5) * 0.4;
    const step = stopped ? 0 : 5 + rnd() * 20;
    lat += (step * Math.cos(heading)) / 111_195;
    lon += (step * Math.sin(heading)) / (111_195 * Math.cos((lat * Math.PI) / 180));
    if (lat < LAT0 || lat > LAT0 + SPAN_LAT) heading = Math.PI - heading;
    if (lon < LON0 || lon > LON0 + SPAN_LON) heading = -heading;
    out.push({ location: { lat, lon }, timestamp: t0 + i * 1000, speed: step });
  }
  return out;
}

function engineBench(specs: FenceSpec[], bodies: Array<Record<string, unknown>>) {
  const ctx = engineContext(
    bodies.map(stored),
    specs.map((f) => f.compiled),
  );
  const points = drive(enginePoints, 1_700_000_000_000);
  // Warm-up.
  evaluate(ctx, { assetId: 'a', attributes: {}, state: emptyState(), points: points.slice(0, 2000), now: 0 });
  let state = emptyState();
  let events = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < points.length; i += 100) {
    const out = evaluate(ctx, { assetId: 'a', attributes: {}, state, points: points.slice(i, i + 100), now: 0 });
    state = out.state;
    events += out.events.length;
  }
  const ns = Number(process.hrtime.bigint() - start);
  // Brute force containment of every fence, for comparison (containment only).
  const sample = points.slice(0, 20_000);
  const bStart = process.hrtime.bigint();
  let hits = 0;
  for (const p of sample) for (const f of specs) if (fenceContains(f.compiled, p.location)) hits++;
  const bNs = Number(process.hrtime.bigint() - bStart);
  const iStart = process.hrtime.bigint();
  let iHits = 0;
  for (const p of sample) iHits += ctx.index.containing(p.location).length;
  const iNs = Number(process.hrtime.bigint() - iStart);
  console.log(`engine: ${points.length} points, 20 monitors, ${specs.length} geofences, batches of 100`);
  console.log(
    `  ${(ns / points.length / 1000).toFixed(2)} us per point (${Math.round(points.length / (ns / 1e9)).toLocaleString('en')} points/s), ${events} events`,
  );
  console.log(`  of which grid-indexed containment: ${(iNs / sample.length / 1000).toFixed(2)} us per point (${iHits} hits)`);
  console.log(
    `  brute-force containment of all ${specs.length} fences alone: ${(bNs / sample.length / 1000).toFixed(1)} us per point (${hits} hits)`,
  );
}

async function ingestBench(specs: FenceSpec[], bodies: Array<Record<string, unknown>>) {
  const dynamo = await startDynamo({ dataDir: null });
  try {
    await provisionTables(dynamo.endpoint, 'bench');
    Object.assign(process.env, {
      WAYMARK_STAGE: 'bench',
      WAYMARK_DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      WAYMARK_LOG_LEVEL: 'error',
    });
    const { issueRootKey } = await import('../../../shared/auth/issue');
    const { DynamoKeyStore } = await import('../../../shared/auth/dynamo-store');
    const { monitorEvaluator } = await import('../../../functions/monitors/deps');
    // Time spent in evaluation (inside the upload), and events produced.
    const ev = monitorEvaluator();
    const original = ev.onTrack.bind(ev);
    const spent = { ns: 0, events: 0, calls: 0 };
    ev.onTrack = async (input) => {
      const t = process.hrtime.bigint();
      try {
        const out = await original(input);
        spent.events += out.length;
        return out;
      } finally {
        spent.ns += Number(process.hrtime.bigint() - t);
        spent.calls++;
      }
    };
    const { handler: create } = await import('../../../functions/tracking/create-asset');
    const { handler: bind } = await import('../../../functions/tracking/bind-device');
    const { handler: track } = await import('../../../functions/tracking/upload-track');
    const { handler: batchFences } = await import('../../../functions/geofence/batch-create');
    const { handler: createMonitor } = await import('../../../functions/monitors/create');
    const quotas = {
      tracking: { perSecond: 1_000_000, perMinute: 100_000_000 },
      geofence: { perSecond: 1_000_000, perMinute: 100_000_000 },
    };

    const run = async (label: string, withMonitors: boolean) => {
      Object.assign(spent, { ns: 0, events: 0, calls: 0 });
      const { key } = await issueRootKey(new DynamoKeyStore(), {
        org: `bench-${randomUUID().slice(0, 6)}`,
        now: Math.floor(Date.now() / 1000),
        quotas,
      });
      if (withMonitors) {
        for (let i = 0; i < specs.length; i += 100)
          await call(batchFences, 'POST', '/geofence/batch', { key }, { geofences: specs.slice(i, i + 100).map((f) => f.body) });
        for (const b of bodies) await call(createMonitor, 'POST', '/skynet/monitor', { key }, b);
      }
      const assets = Array.from({ length: concurrency }, (_, i) => `asset-${i}`);
      for (const id of assets) {
        await call(create, 'POST', '/skynet/asset', { key }, { custom_id: id });
        await call(bind, 'POST', `/skynet/asset/${id}/bind`, { key }, { device_id: `d-${id}` }, { id });
      }
      const t0 = Date.now() - 20 * 3600_000;
      const drives = assets.map(() => drive(Math.ceil(ingestRequests / concurrency) * 100, t0));
      const perAsset = Math.ceil(ingestRequests / concurrency);
      const start = process.hrtime.bigint();
      await Promise.all(
        assets.map(async (id, a) => {
          for (let b = 0; b < perAsset; b++) {
            await call(
              track,
              'POST',
              `/skynet/asset/${id}/track`,
              { key },
              { device_id: `d-${id}`, locations: drives[a].slice(b * 100, b * 100 + 100) },
              { id },
            );
          }
        }),
      );
      const s = Number(process.hrtime.bigint() - start) / 1e9;
      const total = perAsset * concurrency;
      const pps = (total * 100) / s;
      console.log(
        `  ${label}: ${total} uploads of 100 points, concurrency ${concurrency}: ${Math.round(pps).toLocaleString('en')} points/s (${((s * 1e6) / (total * 100)).toFixed(1)} us per point wall time)`,
      );
      if (withMonitors) {
        console.log(
          `    evaluation inside the uploads: ${spent.calls} calls, ${(spent.ns / 1e9).toFixed(1)} s in all, mean ${(spent.ns / spent.calls / 1e6).toFixed(1)} ms per upload (latency under concurrency ${concurrency}, not CPU), ${spent.events} events (${(spent.events / spent.calls).toFixed(1)} per upload)`,
        );
      }
      return pps;
    };
    console.log('ingest through the handlers into DynamoDB Local:');
    const base = await run('no monitors', false);
    const withM = await run('20 monitors, 1,000 geofences', true);
    console.log(`  added wall time per point with monitors: ${(1e6 / withM - 1e6 / base).toFixed(1)} us`);
  } finally {
    await dynamo.stop();
  }
}

async function main() {
  console.log(`machine: ${machine()}, load ${loadAverage()}`);
  if (process.argv.includes('--quick')) return roamingBench(1000);
  const specs = fences(1000);
  const bodies = monitorBodies(specs.map((f) => f.id));
  engineBench(specs, bodies);
  if (process.env.BENCH_SKIP_INGEST !== '1') await ingestBench(specs, bodies);
  if (process.env.BENCH_SKIP_ROAMING !== '1') await roamingBench();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
