import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../shared/geo';
import { evaluateRoaming, type RoamingEvent, type RoamingMonitor } from '../../../shared/monitors/roaming';
import { bindDevice, createAsset } from '../../../shared/tracking/assets';
import { matchesAttributes } from '../../../shared/tracking/filters';
import { activeEntriesIn } from '../../../shared/tracking/search';
import type { TrackingContext } from '../../../shared/tracking/service';
import { uploadTrack } from '../../../shared/tracking/track';
import { MemoryRoamingPairs } from '../../fixtures/memory/roaming';
import { MemoryTrackingStore } from '../../fixtures/memory/tracking';

// Roaming monitors evaluated on upload through the position index, against a brute-force oracle
// that measures every pair after every upload. Both moving: 1,000 assets in a 3 km square
// (about 110 per km2), 100 monitors of 50-300 m over attribute filters, uploads every 5 s.

const SPACE = 'org|';
const ASSETS = 1000;
const MONITORS = 100;
const TICKS = Number(process.env.ROAMING_TICKS ?? 2);
const BOX = { lat: 57.69, lon: 11.95, dLat: 3000 / 111_195, dLon: 3000 / (111_195 * Math.cos((57.7 * Math.PI) / 180)) };

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('roaming monitors', () => {
  it(`fire every enter and exit a brute-force oracle finds: ${ASSETS} moving assets, ${MONITORS} monitors, ${TICKS} rounds`, async () => {
    const rnd = random(43);
    let now = Date.UTC(2026, 10, 29, 0, 0, 0);
    const store = new MemoryTrackingStore();
    const pairs = new MemoryRoamingPairs();
    const monitors: RoamingMonitor[] = Array.from({ length: MONITORS }, (_, i) => ({
      id: `m${String(i).padStart(3, '0')}`,
      tags: [],
      radius: 50 + Math.floor(rnd() * 250),
      subject: i % 5 === 0 ? {} : { allOf: [['fleet', `f${i % 4}`]] },
      target:
        i % 7 === 0
          ? {
              anyOf: [
                ['role', 'r0'],
                ['role', 'r1'],
              ],
            }
          : { allOf: [['role', `r${i % 3}`]] },
    }));
    const got: string[] = [];
    const ctx: TrackingContext = {
      store,
      now: () => now,
      listeners: {
        trackAccepted: [
          async (e) => {
            const latest = e.asset.latest_location;
            if (!e.forward.length || !latest) return;
            const mover = { id: e.asset.id, attributes: e.asset.attributes, tags: e.asset.tags, at: latest.location, ts: latest.timestamp };
            const nearby = async (space: string, center: { lat: number; lon: number }, radius: number) =>
              (await activeEntriesIn(ctx, space, { type: 'circle', center, radius }, {}, undefined, 'radius', true)).map((n) => ({
                id: n.assetId,
                attributes: n.asset.attributes,
                tags: n.asset.tags,
                at: { lat: n.lat, lon: n.lon },
                ts: n.ts,
              }));
            const events = await evaluateRoaming({ pairs, nearby }, e.space, monitors, mover, now);
            got.push(...events.map(key));
          },
        ],
      },
    };
    const attrs = Array.from({ length: ASSETS }, (_, i) => ({ fleet: `f${i % 4}`, role: `r${Math.floor(i / 4) % 3}` }));
    const ids = attrs.map((_, i) => `a${String(i).padStart(4, '0')}`);
    for (let i = 0; i < ASSETS; i++) {
      await createAsset(ctx, SPACE, { custom_id: ids[i], attributes: attrs[i] });
      await bindDevice(ctx, SPACE, ids[i], `d${i}`);
    }
    const subj = monitors.map((m) => attrs.map((a) => matchesAttributes({ attributes: a }, m.subject)));
    const targ = monitors.map((m) => attrs.map((a) => matchesAttributes({ attributes: a }, m.target)));
    const pos = attrs.map(() => ({ lat: BOX.lat + rnd() * BOX.dLat, lon: BOX.lon + rnd() * BOX.dLon }));
    const vel = attrs.map(() => ({ lat: (rnd() - 0.5) * 2 * (75 / 111_195), lon: (rnd() - 0.5) * 2 * (75 / 65_000) }));
    const placed = new Array<boolean>(ASSETS).fill(false);
    // The oracle: per monitor, per asset, the partners near it and the subjects of their enter.
    const near = monitors.map(() => attrs.map(() => new Map<number, string[]>()));
    const want: string[] = [];
    const dist = new Float64Array(ASSETS);
    const widest = Math.max(...monitors.map((m) => m.radius));

    for (let tick = 0; tick < TICKS; tick++) {
      const order = ids.map((_, i) => i).sort(() => rnd() - 0.5);
      for (const [k, i] of order.entries()) {
        now += 5;
        const p = pos[i];
        p.lat = Math.min(BOX.lat + BOX.dLat, Math.max(BOX.lat, p.lat + vel[i].lat));
        p.lon = Math.min(BOX.lon + BOX.dLon, Math.max(BOX.lon, p.lon + vel[i].lon));
        await uploadTrack(ctx, SPACE, ids[i], { device_id: `d${i}`, locations: [{ location: { ...p }, timestamp: now }] });
        placed[i] = true;
        // Every asset is measured; only those within the largest radius can be near for any monitor.
        const close: number[] = [];
        for (let j = 0; j < ASSETS; j++) {
          dist[j] = placed[j] && j !== i ? haversineMeters(p, pos[j]) : Infinity;
          if (dist[j] <= widest) close.push(j);
        }
        for (let m = 0; m < MONITORS; m++) {
          const mon = monitors[m];
          const before = near[m][i];
          const after = new Map<number, string[]>();
          for (const j of close) {
            if (dist[j] > mon.radius) continue;
            const subjects = [...(subj[m][i] && targ[m][j] ? [ids[i]] : []), ...(subj[m][j] && targ[m][i] ? [ids[j]] : [])];
            if (subjects.length) after.set(j, subjects);
          }
          for (const [j, subjects] of before) {
            if (after.has(j)) continue;
            for (const s of subjects) want.push(`${now}|exit|${mon.id}|${s}|${s === ids[i] ? ids[j] : ids[i]}`);
            near[m][j].delete(i);
          }
          for (const [j, subjects] of after) {
            if (before.has(j)) continue;
            for (const s of subjects) want.push(`${now}|enter|${mon.id}|${s}|${s === ids[i] ? ids[j] : ids[i]}`);
            near[m][j].set(i, subjects);
          }
          near[m][i] = after;
        }
        if (k % 250 === 0) expect(got.length).toBe(want.length);
      }
    }
    expect(want.length).toBeGreaterThan(1000 * TICKS);
    expect(want.filter((w) => w.includes('|exit|')).length).toBeGreaterThan(200 * TICKS);
    expect([...got].sort()).toEqual([...want].sort());
  }, 240_000);
});

const key = (e: RoamingEvent) => `${e.triggered_timestamp}|${e.event_type}|${e.monitor_id}|${e.asset_id}|${e.nearby_asset_id}`;
