import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LOOKAHEAD } from '../../../shared/platform/paging';
import { newOrgKey } from '../support/keys';
import { monitorApi } from '../monitors/api';
import { trackingApi, type TrackingApi } from './api';

// Through the handlers: DELETE is idempotent and a re-created custom_id starts empty (its history
// and events are the new incarnation's only); long lists are paged from storage without losing or
// repeating an item.

const T0 = Date.now() - 6 * 3600_000;
let api: TrackingApi;
let monitors: ReturnType<typeof monitorApi>;

beforeAll(async () => {
  const { key } = await newOrgKey();
  api = trackingApi(key);
  monitors = monitorApi(key);
  expect(
    (await monitors.create({ type: 'speeding', custom_id: 's', speeding_config: { customer_speed_limit: 10, time_tolerance: 0 } })).status,
  ).toBe(200);
});

const fast = (i: number) => ({ location: { lat: 57.7, lon: 11.97 + i * 1e-4 }, timestamp: T0 + i * 1000, speed: i % 2 ? 5 : 20 });

describe('asset delete', () => {
  it('answers 200 to a retried DELETE, and the same custom_id created again sees no old history or events', async () => {
    expect((await api.create({ custom_id: 'again' })).status).toBe(200);
    await api.bind('again', 'd');
    expect((await api.track('again', { device_id: 'd', locations: [0, 1, 2, 3].map(fast) })).status).toBe(200);
    expect((await monitors.events('again')).body.data.list).toHaveLength(2);
    expect((await api.remove('again')).status).toBe(200);
    expect((await api.remove('again')).status).toBe(200); // the client's retry
    expect((await api.get('again')).status).toBe(404);
    expect((await api.create({ custom_id: 'again' })).status).toBe(200);
    expect((await api.locations('again')).body.data.list).toEqual([]);
    expect((await monitors.events('again')).body.data.list).toEqual([]);
    await api.bind('again', 'd');
    // The same timestamps as before are new points for the new asset.
    expect((await api.track('again', { device_id: 'd', locations: [0, 1].map(fast) })).status).toBe(200);
    expect((await api.locations('again')).body.data.list).toHaveLength(2);
    expect((await monitors.events('again')).body.data.list).toHaveLength(1);
    expect((await api.remove('never-was')).status).toBe(404);
  });
});

describe('lists paged from storage', () => {
  it('location list: 1 Hz over 40 minutes, every point once across pages; total exact once within the lookahead', async () => {
    expect((await api.create({ custom_id: 'long' })).status).toBe(200);
    await api.bind('long', 'd');
    const n = 2400;
    for (let i = 0; i < n; i += 1000) {
      const locations = Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
        location: { lat: 57.7, lon: 11.97 },
        timestamp: T0 + (i + k) * 1000,
      }));
      expect((await api.track('long', { device_id: 'd', locations })).status).toBe(200);
    }
    const seen: number[] = [];
    for (let pn = 1; ; pn++) {
      const { list, page } = (await api.locations('long', { pn: String(pn), ps: '500' })).body.data;
      // Read up to the page's end plus COUNT_LOOKAHEAD points: past that, total says "at least".
      expect(page.total).toBe(Math.min(n, pn * 500 + COUNT_LOOKAHEAD + 1));
      seen.push(...list.map((p: { timestamp: number }) => p.timestamp));
      if (!page.hasmore) break;
    }
    expect(seen).toEqual(Array.from({ length: n }, (_, i) => T0 + i * 1000));
    // A window in the middle.
    const mid = (await api.locations('long', { start_time: String(T0 + 600_000), end_time: String(T0 + 659_999), ps: '100' })).body.data;
    expect(mid.page.total).toBe(60);
    expect(mid.list[0].timestamp).toBe(T0 + 600_000);
  });

  it('location list past the count lookahead: total is a lower bound with hasmore, the page itself exact', async () => {
    const { list, page } = (await api.locations('long', { pn: '1', ps: '10' })).body.data;
    expect(list.map((p: { timestamp: number }) => p.timestamp)).toEqual(Array.from({ length: 10 }, (_, i) => T0 + i * 1000));
    expect(page).toEqual({ total: 10 + COUNT_LOOKAHEAD + 1, offset: 0, page: 1, size: 10, hasmore: true });
  });

  it('asset list sorted by id: every asset once across pages', async () => {
    const { key } = await newOrgKey();
    const own = trackingApi(key);
    const ids = Array.from({ length: 45 }, (_, i) => `a${String(i).padStart(3, '0')}`);
    for (const id of ids)
      expect((await own.create({ custom_id: id, attributes: { even: String(Number(id.slice(1)) % 2 === 0) } })).status).toBe(200);
    for (const [sort, order] of [
      ['id:asc', ids],
      ['id:desc', [...ids].reverse()],
    ] as const) {
      const seen: string[] = [];
      for (let pn = 1; ; pn++) {
        const { list, page } = (await own.list({ sort, pn: String(pn), ps: '10' })).body.data;
        expect(page.total).toBe(ids.length);
        seen.push(...list.map((a: { id: string }) => a.id));
        if (!page.hasmore) break;
      }
      expect(seen).toEqual(order);
    }
    const even = (await own.list({ sort: 'id:asc', include_all_of_attributes: 'even:true', ps: '100' })).body.data;
    expect(even.page.total).toBe(23);
  });
});
