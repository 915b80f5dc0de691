import { evaluateRoaming, type RoamingMonitor } from '../../../shared/monitors/roaming';
import { bindDevice, createAsset } from '../../../shared/tracking/assets';
import { activeEntriesIn, type SearchStats } from '../../../shared/tracking/search';
import type { TrackingContext } from '../../../shared/tracking/service';
import { uploadTrack } from '../../../shared/tracking/track';
import { MemoryRoamingPairs } from '../../fixtures/memory/roaming';
import { MemoryTrackingStore } from '../../fixtures/memory/tracking';

// Roaming monitors' cost per upload: 1,000 assets moving in a 3 km square, 100 monitors of
// 50-300 m, one point per asset every 5 s. Measured on the in-memory stores: CPU per evaluation
// (cover, index read, pair logic) and the storage operations a DynamoDB deployment would pay:
// index queries and entries read, pair-state reads and writes.

const SPACE = 'bench|';

export async function roamingBench(uploads = Number(process.env.BENCH_ROAMING_UPLOADS ?? 3000)): Promise<void> {
  let seed = 7;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  let now = Date.UTC(2026, 10, 29);
  const store = new MemoryTrackingStore();
  const ctx: TrackingContext = { store, now: () => now };
  const pairs = new MemoryRoamingPairs();
  const monitors: RoamingMonitor[] = Array.from({ length: 100 }, (_, i) => ({
    id: `m${i}`,
    tags: [],
    radius: 50 + Math.floor(rnd() * 250),
    subject: i % 5 === 0 ? {} : { allOf: [['fleet', `f${i % 4}`]] },
    target: { allOf: [['role', `r${i % 3}`]] },
  }));
  const n = 1000;
  const pos = Array.from({ length: n }, () => ({ lat: 57.69 + rnd() * 0.027, lon: 11.95 + rnd() * 0.05 }));
  for (let i = 0; i < n; i++) {
    await createAsset(ctx, SPACE, { custom_id: `a${i}`, attributes: { fleet: `f${i % 4}`, role: `r${Math.floor(i / 4) % 3}` } });
    await bindDevice(ctx, SPACE, `a${i}`, `d${i}`);
    await uploadTrack(ctx, SPACE, `a${i}`, { device_id: `d${i}`, locations: [{ location: pos[i], timestamp: now }] });
  }
  const stats: SearchStats = { ranges: 0, read: 0 };
  // A first round, not measured, builds the pair state a running fleet has.
  const warm = n;
  let queries = 0;
  let read = 0;
  let events = 0;
  const times: number[] = [];
  let pairWritesBefore = pairs.writes;
  for (let u = 0; u < warm + uploads; u++) {
    if (u === warm) {
      [queries, read, events, times.length, pairWritesBefore] = [0, 0, 0, 0, pairs.writes];
    }
    now += 5;
    const i = u % n;
    pos[i] = { lat: pos[i].lat + (rnd() - 0.5) * 0.0013, lon: pos[i].lon + (rnd() - 0.5) * 0.0023 };
    await uploadTrack(ctx, SPACE, `a${i}`, { device_id: `d${i}`, locations: [{ location: pos[i], timestamp: now }] });
    const asset = (await store.getAsset(SPACE, `a${i}`))!;
    const t0 = performance.now();
    const found = await evaluateRoaming(
      {
        pairs,
        nearby: async (space, center, radius) => {
          const hits = await activeEntriesIn(ctx, space, { type: 'circle', center, radius }, {}, stats, 'radius', true);
          queries += stats.ranges;
          read += stats.read;
          return hits.map((h) => ({
            id: h.assetId,
            attributes: h.asset.attributes,
            tags: h.asset.tags,
            at: { lat: h.lat, lon: h.lon },
            ts: h.ts,
          }));
        },
      },
      SPACE,
      monitors,
      { id: asset.id, attributes: asset.attributes, at: pos[i], ts: now },
      now,
    );
    times.push(performance.now() - t0);
    events += found.length;
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`\nroaming monitors: 1,000 moving assets, 100 monitors (50-300 m), ${uploads} uploads (in-memory stores)`);
  console.log(
    `  evaluation CPU per upload: mean ${mean.toFixed(2)} ms, p50 ${times[Math.floor(times.length / 2)].toFixed(2)} ms, p99 ${times[Math.floor(times.length * 0.99)].toFixed(2)} ms`,
  );
  console.log(
    `  per upload: ${(queries / uploads).toFixed(2)} index queries, ${(read / uploads).toFixed(1)} index entries read, 1 pair-state read, ${((pairs.writes - pairWritesBefore) / uploads).toFixed(2)} pair-state item writes, ${(events / uploads).toFixed(2)} events`,
  );
  // On DynamoDB (shared/monitors/dynamo-roaming.ts) a pair change is one transaction of both pair
  // items and one event item per subject (with webhooks also an outbox item and a relay item per
  // subject); a transactional write costs 2 WCU per item of up to 1 KB.
  const flips = (pairs.writes - pairWritesBefore) / 2;
  const wcu = (2 * (2 * flips + events)) / uploads;
  const wcuHooks = (2 * (2 * flips + 3 * events)) / uploads;
  console.log(
    `  DynamoDB write units per upload: ${wcu.toFixed(2)} (${(flips / uploads).toFixed(2)} pair changes), ${wcuHooks.toFixed(2)} with event webhooks; reads: 1 Query of the mover's pair items + the index ranges above`,
  );
}
