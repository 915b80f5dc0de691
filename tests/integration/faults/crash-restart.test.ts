import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { treePids } from '../support/process-tree';
import { bootStack, type BootedStack } from '../support/stack';

// The whole local stack killed with SIGKILL (launcher, serverless-offline, DynamoDB Local's JVM,
// the SQS emulator: every process under npm start, in whatever process group) during mixed
// writes, then `npm start` again on the same data folder: every acknowledged geofence and track
// point reads back, and every acknowledged optimization job is final within twice its solving
// budget plus 60 s of the restart (docs/operations/recovery.md).

const BUDGET_S = 4;
const BOUND_MS = (2 * BUDGET_S + 60) * 1000;

interface Acked {
  geofences: string[];
  points: Map<string, number[]>;
  jobs: string[];
}

function killTree(stack: BootedStack): void {
  // Read once, before any process dies: a process re-parented by its parent's death is still listed.
  for (const pid of treePids(stack.child.pid!).reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
}

async function call(stack: BootedStack, method: string, path: string, body?: unknown, query: Record<string, string> = {}) {
  const res = await fetch(`${stack.baseUrl}${path}?${new URLSearchParams({ key: stack.apiKey, ...query })}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as any };
}

const problem = (i: number) => ({
  locations: { location: ['57.7089,11.9746', '57.6968,11.9890', '57.7100,11.9600', `57.70${i % 10},11.97`] },
  vehicles: [{ id: 'v', start_index: 0, end_index: 0 }],
  jobs: [1, 2, 3].map((j) => ({ id: j, location_index: j })),
  options: { objective: { solving_time_limit: BUDGET_S } },
});

/** Writers that keep going until `stop` is set; whatever answered 200 is recorded. */
async function write(stack: BootedStack, acked: Acked, stop: () => boolean): Promise<void> {
  const t0 = Date.now();
  const geofences = async () => {
    for (let i = 0; !stop(); i++) {
      const id = `g-${i}`;
      const circle = { center: { lat: 57.7 + i * 1e-4, lon: 11.97 }, radius: 100 };
      const res = await call(stack, 'POST', '/geofence', { type: 'circle', custom_id: id, name: id, circle }).catch(() => undefined);
      if (res?.status === 200) acked.geofences.push(id);
    }
  };
  const tracks = async (asset: string) => {
    // The kill may land before the asset exists (a slow first request): then it has no acknowledged points.
    const created = await call(stack, 'POST', '/skynet/asset', { custom_id: asset, name: asset }).catch(() => undefined);
    const bound = await call(stack, 'POST', `/skynet/asset/${asset}/bind`, { device_id: `dev-${asset}` }).catch(() => undefined);
    if (created?.status !== 200 || bound?.status !== 200) return;
    acked.points.set(asset, []);
    for (let i = 0; !stop(); i++) {
      const timestamp = t0 + i * 1000;
      const locations = [{ location: { lat: 57.7 + i * 1e-4, lon: 11.97 }, timestamp }];
      const res = await call(stack, 'POST', `/skynet/asset/${asset}/track`, { device_id: `dev-${asset}`, locations }).catch(
        () => undefined,
      );
      if (res?.status === 200) acked.points.get(asset)!.push(timestamp);
    }
  };
  const jobs = async () => {
    for (let i = 0; !stop() && i < 3; i++) {
      const res = await call(stack, 'POST', '/optimization/v2', problem(i)).catch(() => undefined);
      if (res?.status === 200) acked.jobs.push(res.body.id);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  await Promise.all([geofences(), tracks('a1'), tracks('a2'), jobs()]);
}

describe('kill -9 of the whole local stack during mixed writes, then npm start again', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-crash-'));
  const env = { WAYMARK_IN_MEMORY: '0', WAYMARK_DATA_DIR: dataDir };
  let second: BootedStack | undefined;

  afterAll(async () => {
    await second?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('loses no acknowledged write, and every acknowledged job is final within 2x its budget + 60 s', async () => {
    const first = await bootStack(env);
    const acked: Acked = { geofences: [], points: new Map(), jobs: [] };
    let stopped = false;
    const writing = write(first, acked, () => stopped);
    // Killed while a job solves (each solves for BUDGET_S) and the writers are mid-request.
    await new Promise((r) => setTimeout(r, 3000));
    killTree(first);
    stopped = true;
    await writing;
    await new Promise<void>((done) =>
      first.child.exitCode !== null || first.child.signalCode ? done() : first.child.once('exit', () => done()),
    );
    expect(acked.jobs.length).toBeGreaterThan(0);
    expect(acked.geofences.length).toBeGreaterThan(0);

    second = await bootStack(env);
    const restarted = Date.now();
    const stack = second;
    for (const id of acked.geofences) expect((await call(stack, 'GET', `/geofence/${id}`)).status, `geofence ${id}`).toBe(200);
    for (const [asset, stamps] of acked.points) {
      const res = await call(stack, 'GET', `/skynet/asset/${asset}/location/list`, undefined, {
        start_time: String(Math.floor(Math.min(...stamps, Date.now()) / 1000) - 60),
        end_time: String(Math.ceil(Date.now() / 1000) + 60),
        pn: '1',
        ps: '500',
      });
      const read = new Set((res.body.data?.list ?? []).map((p: { timestamp: number }) => p.timestamp));
      for (const ts of stamps) expect(read.has(ts), `${asset} point ${ts}`).toBe(true);
    }
    const finalAt = new Map<string, number>();
    while (finalAt.size < acked.jobs.length && Date.now() - restarted < BOUND_MS + 30_000) {
      for (const id of acked.jobs) {
        if (finalAt.has(id)) continue;
        const res = await call(stack, 'GET', '/optimization/v2/result', undefined, { id });
        if (res.body.message === 'Job still processing') continue;
        finalAt.set(id, Date.now() - restarted);
        expect(res.body.status, `job ${id}: ${res.body.message}`).toBe('Ok');
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    const late = acked.jobs.filter((id) => (finalAt.get(id) ?? Infinity) > BOUND_MS);
    if (late.length)
      console.error(
        stack
          .output()
          .split('\n')
          .filter((l) => late.some((id) => l.includes(id)) || /Requeued|sweep/i.test(l))
          .join('\n'),
      );
    for (const id of acked.jobs)
      expect(finalAt.get(id) ?? Infinity, `job ${id} final (ms after the restart)`).toBeLessThanOrEqual(BOUND_MS);
  }, 900_000);
});
