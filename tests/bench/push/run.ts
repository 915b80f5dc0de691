/**
 * npm run bench:push [-- --quick | --minutes N]
 *
 * The live channel's push latency on the whole local stack (`npm start`, booted here on free
 * ports, in memory): SUBSCRIBERS web socket connections, each following PER_SOCKET of ASSETS
 * assets, while uploads of one point each arrive at RATE per second (on a fixed schedule, but
 * each asset's next upload only once its previous one was answered, as a device does; the
 * rate achieved is printed). For every pushed message: the time from the upload request's start to the message arriving on the socket. That includes the upload's own work
 * (validation, history, asset, monitors) because the push happens before the upload is
 * answered, so it bounds "accepted to socket" from above. Then counted over the whole run:
 * messages lost (an accepted point a subscriber never got), repeated (the same message id twice
 * on one socket) and out of order (an asset's points arriving not in timestamp order).
 *
 * Target (issue 43): 100 subscribers, 50 uploads/s, 10 minutes: p50 <= 50 ms, p99 <= 250 ms,
 * nothing lost or repeated. `--quick` runs 30 s (about a minute and a half with the boot).
 *
 * Each asset drives north BENCH_STEP_M metres per upload (11: a vehicle at 40 km/h uploading
 * every second, which is what 50 assets at 50 uploads/s do), so it changes position-index cell as
 * often as a fleet does. Printed last: the CPU each process of the stack spent per upload.
 *
 * Options (env): BENCH_SUBSCRIBERS (100), BENCH_ASSETS (50), BENCH_PER_SOCKET (2 assets per
 * subscriber), BENCH_RATE (uploads/s, 50), BENCH_STEP_M (metres per upload, 11).
 * `--minutes N` (default 10; fractions allowed) or `--quick` (30 s) sets the length.
 * WAYMARK_CPU_PROF_DIR=dir: the stack's API process writes a CPU profile there when it stops.
 */
import { loadAverage, machine } from '../host';
import { stackRole, treeCpuMs } from '../../integration/support/process-tree';
import { freePort } from '../../../infra/local/ports';
import { LiveSocket } from '../../integration/support/socket';
import { bootStack, type BootedStack } from '../../integration/support/stack';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const subscribers = num('BENCH_SUBSCRIBERS', 100);
const assets = num('BENCH_ASSETS', 50);
const perSocket = num('BENCH_PER_SOCKET', 2);
const rate = num('BENCH_RATE', 50);
const stepDeg = num('BENCH_STEP_M', 11) / 111_195;
const minutesArg = process.argv.indexOf('--minutes');
const seconds = process.argv.includes('--quick') ? 30 : (minutesArg > 0 ? Number(process.argv[minutesArg + 1]) : 10) * 60;
if (!(seconds > 0 && seconds <= 3600)) throw new Error('--minutes must be more than 0 and at most 60');

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${pct(s, 50)} ms, p90 ${pct(s, 90)} ms, p99 ${pct(s, 99)} ms, max ${s[s.length - 1]} ms (n = ${s.length})`;
};

async function main(): Promise<void> {
  console.log(`machine: ${machine()}`);
  console.log(`load average before: ${loadAverage()}`);
  console.log(`${subscribers} subscribers x ${perSocket} assets each, ${assets} assets, ${rate} uploads/s for ${seconds} s`);
  let stack: BootedStack | undefined;
  try {
    const profileDir = process.env.WAYMARK_CPU_PROF_DIR;
    stack = await bootStack({ WAYMARK_WS_PORT: String(await freePort()), ...(profileDir ? { WAYMARK_CPU_PROF_DIR: profileDir } : {}) });
    const liveUrl = /^Live URL: (\S+)$/m.exec(stack.output())![1];
    const { baseUrl, apiKey: key } = stack;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${baseUrl}${path}?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const ids = Array.from({ length: assets }, (_, i) => `bench-${i}`);
    for (const id of ids) {
      await post('/skynet/asset', { custom_id: id, name: id });
      await post(`/skynet/asset/${id}/bind`, { device_id: `dev-${id}` });
    }
    const sockets = await Promise.all(Array.from({ length: subscribers }, () => LiveSocket.open(liveUrl, key)));
    /** Which sockets follow an asset. */
    const followers = new Map<string, number[]>(ids.map((id) => [id, []]));
    for (const [i, s] of sockets.entries()) {
      for (let j = 0; j < perSocket; j++) {
        const id = ids[(i * perSocket + j) % assets];
        if (followers.get(id)!.includes(i)) continue;
        const answer = await s.act({ action: 'ASSET_SUBSCRIBE', id: `s${i}-${id}`, params: { id } });
        if (answer.status !== 'success') throw new Error(`subscribe failed: ${answer.error}`);
        followers.get(id)!.push(i);
      }
    }

    // Open loop: upload n goes out at start + n / rate, for asset n mod assets.
    const sentAt = new Map<string, number>(); // `${asset}:${ts}` -> request start
    const accepted: Array<{ asset: string; ts: number }> = [];
    const uploadMs: number[] = [];
    let failed = 0;
    const statuses = new Map<number | string, number>();
    const cpuBefore = treeCpuMs(stack.child.pid!);
    const start = Date.now();
    const total = Math.round(seconds * rate);
    // Each asset is a device: its upload n goes out at start + n / rate, or when its previous
    // upload was answered if that is later (a device sends one batch after another).
    const device = async (k: number) => {
      const asset = ids[k];
      let lastTs = 0;
      for (let n = k, step = 0; n < total; n += assets, step++) {
        const wait = start + (n * 1000) / rate - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const ts = Math.max(Date.now(), lastTs + 1);
        lastTs = ts;
        const t0 = Date.now();
        sentAt.set(`${asset}:${ts}`, t0);
        try {
          const status = await post(`/skynet/asset/${asset}/track`, {
            device_id: `dev-${asset}`,
            locations: [{ location: { lat: 57.6 + step * stepDeg, lon: 11.9 + k * 2e-3 }, timestamp: ts }],
          });
          uploadMs.push(Date.now() - t0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) accepted.push({ asset, ts });
          else failed++;
        } catch (error) {
          failed++;
          statuses.set((error as Error).message, (statuses.get((error as Error).message) ?? 0) + 1);
        }
      }
    };
    await Promise.all(ids.map((_, k) => device(k)));
    const elapsed = (Date.now() - start) / 1000;
    const behind = Date.now() - (start + seconds * 1000);
    await new Promise((r) => setTimeout(r, 5000)); // let the last pushes arrive
    const cpu = [...treeCpuMs(stack.child.pid!)]
      .map(
        ([pid, { ms, command }]) =>
          `${stackRole(command)} ${((ms - (cpuBefore.get(pid)?.ms ?? 0)) / Math.max(1, accepted.length)).toFixed(2)}`,
      )
      .join(', ');

    const latency: number[] = [];
    let repeated = 0;
    let outOfOrder = 0;
    const got = new Set<string>();
    for (const [i, s] of sockets.entries()) {
      const seen = new Set<string>();
      const lastByAsset = new Map<string, number>();
      for (const m of s.pushed) {
        if (seen.has(m.id)) repeated++;
        seen.add(m.id);
        got.add(`${i}|${m.asset_id}:${m.data.timestamp}`);
        if ((lastByAsset.get(m.asset_id!) ?? -Infinity) >= m.data.timestamp) outOfOrder++;
        lastByAsset.set(m.asset_id!, m.data.timestamp);
        const t0 = sentAt.get(`${m.asset_id}:${m.data.timestamp}`);
        if (t0 !== undefined) latency.push(m.receivedAt - t0);
      }
    }
    let expected = 0;
    let lost = 0;
    for (const { asset, ts } of accepted) {
      for (const i of followers.get(asset)!) {
        expected++;
        if (!got.has(`${i}|${asset}:${ts}`)) lost++;
      }
    }
    for (const s of sockets) s.close();
    console.log(
      `uploads: ${accepted.length} accepted, ${failed} failed, ${(accepted.length / elapsed).toFixed(1)}/s achieved; finished ${Math.max(0, behind)} ms behind schedule`,
    );
    if (failed) console.log(`failed uploads by answer: ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`upload answer: ${summary(uploadMs)}`);
    console.log(`push latency (upload request start -> socket): ${summary(latency)}`);
    console.log(`messages: ${expected} expected, ${lost} lost, ${repeated} repeated, ${outOfOrder} out of order`);
    console.log(`CPU ms per upload (pushes included): ${cpu}`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await stack?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
