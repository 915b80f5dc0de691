import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePolyline } from '../../../shared/geo';
import { createAsset, bindDevice, deleteAsset, listAssets, parseSort } from '../../../shared/tracking/assets';
import { attributeFilterFromQuery, matchesAttributes, parseAttributePairs } from '../../../shared/tracking/filters';
import { listLocations, parseCorrection } from '../../../shared/tracking/history';
import type { TrackAccepted } from '../../../shared/tracking/hooks';
import { pageOf } from '../../../shared/platform/paging';
import { ACTIVE_WINDOW_MS, assetStorageKey, assetView, isActive, type StoredAsset } from '../../../shared/tracking/model';
import { searchArea } from '../../../shared/tracking/search';
import { indexEntryFor, type TrackingContext } from '../../../shared/tracking/service';
import { uploadTrack } from '../../../shared/tracking/track';
import { trackBody } from '../../../shared/tracking/schemas';
import { MemoryTrackingStore } from '../../fixtures/memory/tracking';

const NOW = Date.UTC(2026, 10, 22, 12);
const ctxOf = (store = new MemoryTrackingStore()): TrackingContext & { store: MemoryTrackingStore } => ({ store, now: () => NOW });

describe('attribute filters', () => {
  it('parses name:value pairs; values may contain ":"', () => {
    expect(parseAttributePairs('a:1|b:x:y', 'f')).toEqual([
      ['a', '1'],
      ['b', 'x:y'],
    ]);
    expect(parseAttributePairs(undefined, 'f')).toBeUndefined();
    expect(() => parseAttributePairs('a1', 'f')).toThrow(/name:value/);
  });
  it('all-of needs every pair, any-of at least one', () => {
    const f = attributeFilterFromQuery({ include_all_of_attributes: 'a:1', include_any_of_attributes: 'b:2|b:3' });
    expect(matchesAttributes({ attributes: { a: '1', b: '3' } }, f)).toBe(true);
    expect(matchesAttributes({ attributes: { a: '1', b: '4' } }, f)).toBe(false);
    expect(matchesAttributes({ attributes: { a: '2', b: '2' } }, f)).toBe(false);
    expect(matchesAttributes({}, {})).toBe(true);
  });
  it('the deprecated tag filters (list tags=, search filter=) need every tag', () => {
    const f = attributeFilterFromQuery({ filter: ['x', 'y'] });
    expect(matchesAttributes({ tags: ['y', 'x', 'z'] }, f)).toBe(true);
    expect(matchesAttributes({ tags: ['x'] }, f)).toBe(false);
    expect(matchesAttributes({}, f)).toBe(false);
    expect(matchesAttributes({}, attributeFilterFromQuery({ filter: [] }))).toBe(true);
  });
});

describe('query parsing', () => {
  it('correction settings', () => {
    expect(parseCorrection('mapmatch=1,interpolate=1,mode=car')).toEqual({ mapmatch: true, interpolate: true, mode: 'car' });
    expect(parseCorrection(undefined)).toEqual({ mapmatch: false, interpolate: false });
    expect(() => parseCorrection('mapmatch=2')).toThrow(/0 or 1/);
    expect(() => parseCorrection('foo=1')).toThrow(/unknown setting/);
  });
  it('sort', () => {
    expect(parseSort('updated_at:asc')).toEqual({ field: 'updated_at', desc: false });
    expect(parseSort(undefined)).toEqual({ field: 'created_at', desc: true });
    expect(() => parseSort('speed:desc')).toThrow();
  });
  it('page object', () => {
    expect(pageOf(0, 1, 20)).toEqual({ total: 0, offset: 0, page: 1, size: 20, hasmore: false });
    expect(pageOf(41, 2, 20)).toEqual({ total: 41, offset: 20, page: 2, size: 20, hasmore: true });
    expect(pageOf(40, 2, 20).hasmore).toBe(false);
  });
  it('a single location object is accepted as a one-element list', () => {
    const body = trackBody.parse({ device_id: 'd', locations: { location: { lat: 1, lon: 2 }, timestamp: 1_700_000_000_000 } });
    expect(body.locations).toHaveLength(1);
    expect(trackBody.safeParse({ device_id: 'd', locations: { location: { lat: 1, lon: 2 }, timestamp: 1_700_000_000 } }).success).toBe(
      false,
    );
  });
});

describe('activity and the index entry', () => {
  const asset = (ts?: number): StoredAsset => ({
    id: 'a',
    name: '',
    description: '',
    attributes: {},
    created_at: 0,
    updated_at: 0,
    version: 1,
    ...(ts === undefined ? {} : { latest_location: { location: { lat: 52.5, lon: 13.4 }, timestamp: ts } }),
  });
  it('active for exactly 7 days after the latest location', () => {
    expect(isActive(asset(NOW - ACTIVE_WINDOW_MS), NOW)).toBe(true);
    expect(isActive(asset(NOW - ACTIVE_WINDOW_MS - 1), NOW)).toBe(false);
    expect(isActive(asset(), NOW)).toBe(false);
    expect(assetView(asset(NOW), NOW).state).toBe('active');
  });
  it('indexes active assets only, expiring 7 days after the location', () => {
    expect(indexEntryFor(asset(NOW - ACTIVE_WINDOW_MS - 1), NOW)).toBeNull();
    const e = indexEntryFor(asset(NOW - 1000), NOW)!;
    expect(e.fine).toMatch(/^[0-9a-f]{15}$/);
    expect(e.coarse).toMatch(/^[0-9a-f]{15}$/);
    expect(e.expiresAt).toBe(Math.ceil((NOW - 1000 + ACTIVE_WINDOW_MS) / 1000));
  });
});

describe('upload (in-memory store)', () => {
  const pt = (ts: number, speed = 1) => ({ location: { lat: 52.5 + (ts % 1000) * 1e-5, lon: 13.4 }, timestamp: ts, speed });

  it('property: any sequence of batches with duplicates and late points keeps one point per timestamp (first wins) and latest = max', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.record({ t: fc.integer({ min: 0, max: 40 }), s: fc.integer({ min: 0, max: 50 }) }), { minLength: 1, maxLength: 8 }),
          { minLength: 1, maxLength: 6 },
        ),
        async (batches) => {
          const ctx = ctxOf();
          await createAsset(ctx, 'sp', { custom_id: 'a' });
          await bindDevice(ctx, 'sp', 'a', 'd');
          const first = new Map<number, number>();
          for (const batch of batches) {
            const locations = batch.map(({ t, s }) => pt(NOW - 3600_000 + t * 1000, s));
            for (const l of locations) if (!first.has(l.timestamp)) first.set(l.timestamp, l.speed);
            await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations });
          }
          const asset = (await ctx.store.getAsset('sp', 'a'))!;
          const history = await ctx.store.readHistory('sp', assetStorageKey(asset), 0, Number.MAX_SAFE_INTEGER);
          expect(history.map((p) => p.timestamp)).toEqual([...first.keys()].sort((x, y) => x - y));
          for (const p of history) expect(p.speed).toBe(first.get(p.timestamp));
          expect(asset.latest_location!.timestamp).toBe(Math.max(...first.keys()));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('tells monitor listeners which points are new and which move the asset forward', async () => {
    const seen: TrackAccepted[] = [];
    const ctx = { ...ctxOf(), listeners: { trackAccepted: [async (e: TrackAccepted) => void seen.push(e)] } };
    await createAsset(ctx, 'sp', { custom_id: 'a' });
    await bindDevice(ctx, 'sp', 'a', 'd');
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [pt(NOW - 5000), pt(NOW - 3000)] });
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [pt(NOW - 4000), pt(NOW - 3000), pt(NOW - 1000)] });
    expect(seen[0].forward.map((p) => p.timestamp)).toEqual([NOW - 5000, NOW - 3000]);
    expect(seen[1].stored.map((p) => p.timestamp)).toEqual([NOW - 4000, NOW - 1000]);
    expect(seen[1].forward.map((p) => p.timestamp)).toEqual([NOW - 1000]);
    expect(seen[1].previousLatest?.timestamp).toBe(NOW - 3000);
    expect(seen[1].asset.latest_location?.timestamp).toBe(NOW - 1000);
  });

  it('list, search and delete keep the index consistent', async () => {
    const ctx = ctxOf();
    for (const id of ['x', 'y']) {
      await createAsset(ctx, 'sp', { custom_id: id, attributes: { k: id } });
      await bindDevice(ctx, 'sp', id, 'd');
      await uploadTrack(ctx, 'sp', id, { device_id: 'd', locations: [pt(NOW - 1000)] });
    }
    const area = { type: 'circle' as const, center: { lat: 52.5, lon: 13.4 }, radius: 500 };
    expect((await searchArea(ctx, 'sp', area, { filter: {}, pn: 1, ps: 10 })).page.total).toBe(2);
    expect((await searchArea(ctx, 'other', area, { filter: {}, pn: 1, ps: 10 })).page.total).toBe(0);
    await deleteAsset(ctx, 'sp', 'x');
    const after = await searchArea(ctx, 'sp', area, { filter: {}, pn: 1, ps: 10 });
    expect(after.assets.map((a) => a.id)).toEqual(['y']);
    expect(ctx.store.index.size).toBe(1);
    expect((await listAssets(ctx, 'sp', { filter: {}, sort: parseSort('id:asc'), pn: 1, ps: 10 })).list.map((a) => a.id)).toEqual(['y']);
  });

  it('an upload inside the cell writes the asset alone, and searches see its latest position', async () => {
    const ctx = ctxOf();
    const writes: Array<{ index: boolean; remove: boolean }> = [];
    const write = ctx.store.writeAsset.bind(ctx.store);
    ctx.store.writeAsset = (space, w) => {
      writes.push({ index: w.index !== null, remove: w.removeIndex !== undefined });
      return write(space, w);
    };
    await createAsset(ctx, 'sp', { custom_id: 'a', name: 'first' });
    await bindDevice(ctx, 'sp', 'a', 'd');
    const at = (ts: number, lat: number) => ({ location: { lat, lon: 13.4 }, timestamp: ts });
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [at(NOW - 3000, 52.5)] });
    // A metre north: the same resolution-10 cell.
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [at(NOW - 2000, 52.50001)] });
    // About 2 km north: another cell.
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [at(NOW - 1000, 52.52)] });
    expect(writes.slice(2)).toEqual([
      { index: true, remove: false },
      { index: false, remove: false },
      { index: true, remove: true },
    ]);
    const near = (lat: number) =>
      searchArea(ctx, 'sp', { type: 'circle', center: { lat, lon: 13.4 }, radius: 300 }, { filter: {}, pn: 1, ps: 10 });
    expect((await near(52.5)).assets).toEqual([]);
    const found = (await near(52.52)).assets;
    expect(found.map((a) => [a.id, a.latest_location?.timestamp])).toEqual([['a', NOW - 1000]]);
    expect(ctx.store.index.size).toBe(1);
  });

  it('the entry of an asset that stays in its cell is placed again a day on (TTL)', async () => {
    const ctx = ctxOf();
    await createAsset(ctx, 'sp', { custom_id: 'a' });
    await bindDevice(ctx, 'sp', 'a', 'd');
    const at = (ts: number) => ({ location: { lat: 52.5, lon: 13.4 }, timestamp: ts });
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [at(NOW - 2 * 86_400_000)] });
    const first = (await ctx.store.getAsset('sp', 'a'))!.index_key!;
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [at(NOW - 2 * 86_400_000 + 60_000)] });
    expect((await ctx.store.getAsset('sp', 'a'))!.index_key).toEqual(first);
    await uploadTrack(ctx, 'sp', 'a', { device_id: 'd', locations: [at(NOW - 1000)] });
    const again = (await ctx.store.getAsset('sp', 'a'))!.index_key!;
    expect([again.at, again.v! > first.v!]).toEqual([NOW - 1000, true]);
    expect([...ctx.store.index.values()].map((e) => e.ts)).toEqual([NOW - 1000]);
  });

  it('geometry round-trips through the polyline encodings', async () => {
    const ctx = ctxOf();
    await createAsset(ctx, 'sp', { custom_id: 'g' });
    await bindDevice(ctx, 'sp', 'g', 'd');
    const locations = Array.from({ length: 30 }, (_, i) => ({
      location: { lat: 48.123456 + i * 0.000731, lon: 11.654321 - i * 0.000417 },
      timestamp: NOW - 60_000 + i * 1000,
    }));
    await uploadTrack(ctx, 'sp', 'g', { device_id: 'd', locations });
    for (const [type, precision] of [
      ['polyline', 5],
      ['polyline6', 6],
    ] as const) {
      const data = await listLocations(ctx, 'sp', 'g', {
        geometryType: type,
        correction: { mapmatch: false, interpolate: false },
        pn: 1,
        ps: 500,
      });
      const decoded = decodePolyline(data.geometry![0], precision);
      decoded.forEach((p, i) => {
        expect(Math.abs(p.lat - locations[i].location.lat)).toBeLessThanOrEqual(0.5 * 10 ** -precision + 1e-12);
        expect(Math.abs(p.lon - locations[i].location.lon)).toBeLessThanOrEqual(0.5 * 10 ** -precision + 1e-12);
      });
    }
  });
});
