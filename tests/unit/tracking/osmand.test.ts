import { describe, expect, it } from 'vitest';
import { bindDevice, createAsset } from '../../../shared/tracking/assets';
import { ingestOsmand, traccarJsonParams } from '../../../shared/tracking/osmand';
import type { TrackingContext } from '../../../shared/tracking/service';
import { MemoryTrackingStore } from '../../fixtures/memory/tracking';

const NOW = Date.UTC(2026, 10, 22, 12);
const SPACE = 'org|';
const S = Math.floor(NOW / 1000) - 60;

async function phoneAsset(): Promise<TrackingContext & { store: MemoryTrackingStore }> {
  const ctx = { store: new MemoryTrackingStore(), now: () => NOW };
  await createAsset(ctx, SPACE, { custom_id: 'truck-7' });
  await bindDevice(ctx, SPACE, 'truck-7', 'phone-42');
  return ctx;
}

const report = (extra: Record<string, unknown> = {}) => ({ id: 'phone-42', lat: '57.7', lon: '11.97', timestamp: String(S), ...extra });

describe('OsmAnd reports', () => {
  it('store a point of the bound asset, with speed from knots, bearing, battery and accuracy', async () => {
    const ctx = await phoneAsset();
    const r = await ingestOsmand(
      ctx,
      SPACE,
      report({ speed: '10', bearing: '90.5', batt: '81', accuracy: '12', altitude: '40', key: 'k' }),
    );
    expect(r).toEqual({ stored: 1, duplicates: 0, advanced: true });
    const asset = await ctx.store.getAsset(SPACE, 'truck-7');
    const latest = asset!.latest_location!;
    expect(latest.timestamp).toBe(S * 1000);
    expect(latest.speed).toBeCloseTo(5.144, 3);
    expect(latest).toMatchObject({ location: { lat: 57.7, lon: 11.97 }, bearing: 90.5, battery_level: 81, accuracy: 12, altitude: 40 });
  });

  it('stores a resent buffer once', async () => {
    const ctx = await phoneAsset();
    await ingestOsmand(ctx, SPACE, report());
    expect(await ingestOsmand(ctx, SPACE, report())).toEqual({ stored: 0, duplicates: 1, advanced: false });
  });

  it('reads Unix seconds, milliseconds and ISO 8601 with a zone as the same instant', async () => {
    const iso = new Date(S * 1000).toISOString();
    for (const timestamp of [String(S), String(S * 1000), iso, iso.replace('Z', '+00:00')]) {
      const ctx = await phoneAsset();
      await ingestOsmand(ctx, SPACE, report({ timestamp }));
      expect((await ctx.store.getAsset(SPACE, 'truck-7'))!.latest_location!.timestamp).toBe(S * 1000);
    }
  });

  it('answers 4xx naming the parameter and its rule', async () => {
    const ctx = await phoneAsset();
    const refusal = async (params: Record<string, unknown>) =>
      ingestOsmand(ctx, SPACE, params).then(
        () => undefined,
        (e: { status: number; message: string }) => `${e.status} ${e.message}`,
      );
    expect(await refusal(report({ lat: undefined }))).toBe('400 lat: is required');
    expect(await refusal(report({ lon: 'east' }))).toBe('400 lon: must be a decimal number');
    expect(await refusal(report({ lat: '91' }))).toBe('400 lat: must be at most 90');
    expect(await refusal(report({ timestamp: '2026-11-22T12:00:00' }))).toMatch(
      /^400 timestamp: must be Unix seconds, Unix milliseconds or an ISO 8601 date-time with a zone/,
    );
    expect(await refusal(report({ timestamp: undefined }))).toBe('400 timestamp: is required');
    expect(await refusal(report({ timestamp: String(S + 3600) }))).toMatch(/^400 timestamp: must not be more than/);
    expect(await refusal(report({ batt: '120' }))).toBe('400 batt: must be at most 100');
    expect(await refusal(report({ id: 'phone-9' }))).toMatch(/^404 id: device "phone-9" is bound to no asset/);
    expect(await refusal(report({ id: 'phone-42' }))).toBeUndefined();
  });

  it('refuses a device bound to two assets (409) rather than guess', async () => {
    const ctx = await phoneAsset();
    await createAsset(ctx, SPACE, { custom_id: 'van-2' });
    await bindDevice(ctx, SPACE, 'van-2', 'phone-42');
    await expect(ingestOsmand(ctx, SPACE, report())).rejects.toMatchObject({ status: 409 });
  });

  it('reads the JSON body Traccar Client 9 posts: m/s, heading, battery 0-1, -1 as unknown', async () => {
    const ctx = await phoneAsset();
    const body = {
      device_id: 'phone-42',
      location: {
        timestamp: new Date(S * 1000).toISOString(),
        coords: { latitude: 57.7, longitude: 11.97, speed: 3.5, heading: -1, altitude: 12, accuracy: 8 },
        battery: { level: 0.42, is_charging: false },
        is_moving: true,
      },
    };
    await ingestOsmand(ctx, SPACE, { key: 'k', ...traccarJsonParams(body)! });
    const latest = (await ctx.store.getAsset(SPACE, 'truck-7'))!.latest_location!;
    expect(latest).toMatchObject({ timestamp: S * 1000, speed: 3.5, altitude: 12, accuracy: 8, battery_level: 42 });
    expect(latest.bearing).toBeUndefined();
    expect(traccarJsonParams({ id: 'x', lat: '1' })).toBeNull();
  });
});
