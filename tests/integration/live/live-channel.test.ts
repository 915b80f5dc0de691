import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/ports';
import { LiveSocket, RefusedHandshake } from '../support/socket';
import { bootStack, runCli, type BootedStack } from '../support/stack';

// The live channel over a real socket against `npm start`: subscriptions, every uploaded point
// pushed once and in order, a namespaced key's isolation, the limits' errors, heartbeats, and
// the official client's HTTP call.

const MAX_SUBS = 3;
const MAX_CONNS = 3;

describe('live channel', () => {
  let stack: BootedStack;
  let liveUrl: string;
  let orgN = 0;

  const call = async (key: string, method: string, path: string, body?: unknown, query: Record<string, string> = {}) => {
    const res = await fetch(`${stack.baseUrl}${path}?${new URLSearchParams({ key, ...query })}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  const newKey = async () => {
    const out = await runCli(stack, ['keys', '--', 'create', '--org', `live-${process.pid}-${++orgN}`]);
    return /^API key: (\S+)$/m.exec(out)![1];
  };

  const boundAsset = async (key: string, id: string) => {
    expect((await call(key, 'POST', '/skynet/asset', { custom_id: id, name: id })).status).toBe(200);
    expect((await call(key, 'POST', `/skynet/asset/${id}/bind`, { device_id: `dev-${id}` })).status).toBe(200);
  };

  const upload = async (key: string, id: string, points: Array<{ ts: number; lat: number; lon: number }>) => {
    const res = await call(key, 'POST', `/skynet/asset/${id}/track`, {
      device_id: `dev-${id}`,
      locations: points.map((p) => ({ location: { lat: p.lat, lon: p.lon }, timestamp: p.ts, speed: 3 })),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    const wsPort = String(await freePort());
    stack = await bootStack({
      WAYMARK_WS_PORT: wsPort,
      WAYMARK_LIVE_MAX_SUBSCRIPTIONS: String(MAX_SUBS),
      WAYMARK_LIVE_MAX_CONNECTIONS_PER_KEY: String(MAX_CONNS),
      WAYMARK_KEY_DELAY_SECONDS: '0',
    });
    liveUrl = /^Live URL: (\S+)$/m.exec(stack.output())![1];
    expect(liveUrl).toBe(`ws://127.0.0.1:${wsPort}`);
  }, 300_000);

  afterAll(async () => {
    if (stack) await stack.stop();
  }, 60_000);

  it('pushes every uploaded point once, in order, to the asset subscriber; HEARTBEAT answers', async () => {
    const key = await newKey();
    await boundAsset(key, 'truck-1');
    await boundAsset(key, 'truck-2');
    const socket = await LiveSocket.open(liveUrl, key);
    expect(await socket.act({ action: 'HEARTBEAT', id: 'hb' })).toMatchObject({ id: 'hb', status: 'success' });
    const sub = await socket.act({ action: 'ASSET_SUBSCRIBE', id: 'mine', params: { id: 'truck-1' } });
    expect(sub).toMatchObject({ id: 'mine', status: 'success' });
    expect(Math.abs(sub.timestamp - Date.now())).toBeLessThan(60_000);

    const t0 = Date.now() - 60_000;
    const points = Array.from({ length: 12 }, (_, i) => ({ ts: t0 + i * 1000, lat: 57.7 + i * 1e-4, lon: 11.97 }));
    for (let i = 0; i < points.length; i += 3) await upload(key, 'truck-1', points.slice(i, i + 3));
    await upload(key, 'truck-2', [{ ts: t0, lat: 57.6, lon: 11.9 }]); // not subscribed: never pushed
    await upload(key, 'truck-1', points.slice(0, 3)); // a resent buffer: stored once, pushed once
    await socket.until(() => socket.pushed.length >= points.length);
    await new Promise((r) => setTimeout(r, 500));

    expect(socket.pushed.map((m) => m.data.timestamp)).toEqual(points.map((p) => p.ts));
    expect(new Set(socket.pushed.map((m) => m.id)).size).toBe(points.length);
    expect(socket.pushed.every((m) => m.type === 'location' && m.asset_id === 'truck-1' && m.subscription_id === 'mine')).toBe(true);
    expect(socket.pushed[0].data).toMatchObject({ location: { lat: 57.7, lon: 11.97 }, speed: 3 });

    expect(await socket.act({ action: 'ASSET_UNSUBSCRIBE', params: { id: 'truck-1' } })).toMatchObject({ status: 'success' });
    await upload(key, 'truck-1', [{ ts: t0 + 30_000, lat: 57.71, lon: 11.97 }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(socket.pushed.length).toBe(points.length);
    socket.close();
  }, 120_000);

  it('follows an active trip by its id, as the official client subscribes', async () => {
    const key = await newKey();
    await boundAsset(key, 'van');
    const trip = await call(key, 'POST', '/skynet/trip/start', { asset_id: 'van', name: 'morning' });
    expect(trip.status).toBe(200);
    const tripId = trip.body.data.id as string;
    const socket = await LiveSocket.open(liveUrl, key);
    // The client's generated type spells the action inside backticks.
    expect(await socket.act({ action: '`TRIP_SUBSCRIBE`', id: 's1', params: { id: tripId } })).toMatchObject({ status: 'success' });
    await upload(key, 'van', [{ ts: Date.now() - 1000, lat: 57.7, lon: 11.97 }]);
    await socket.until(() => socket.pushed.length === 1);
    expect(socket.pushed[0]).toMatchObject({ type: 'location', trip_id: tripId, asset_id: 'van', subscription_id: 's1' });
    expect(await socket.act({ action: 'TRIP_SUBSCRIBE', params: { id: 'no-such-trip' } })).toMatchObject({
      status: 'error',
      error: 'params.id: no trip "no-such-trip"',
    });
    socket.close();
  }, 60_000);

  it('pushes a monitor event to the monitor subscriber', async () => {
    const key = await newKey();
    await boundAsset(key, 'bike');
    const fence = await call(key, 'POST', '/geofence', {
      type: 'circle',
      custom_id: 'depot',
      circle: { center: { lat: 57.7089, lon: 11.9746 }, radius: 300 },
    });
    expect(fence.status).toBe(200);
    const monitor = await call(key, 'POST', '/skynet/monitor', { type: 'enter', custom_id: 'depot-in', geofence_ids: ['depot'] });
    expect(monitor.status).toBe(200);
    const socket = await LiveSocket.open(liveUrl, key);
    expect(await socket.act({ action: 'MONITOR_SUBSCRIBE', params: { id: 'depot-in' } })).toMatchObject({ status: 'success' });
    const t = Date.now() - 10_000;
    await upload(key, 'bike', [{ ts: t, lat: 57.75, lon: 11.9 }]);
    await upload(key, 'bike', [{ ts: t + 1000, lat: 57.7089, lon: 11.9746 }]);
    await socket.until(() => socket.pushed.length === 1);
    expect(socket.pushed[0]).toMatchObject({ type: 'event', monitor_id: 'depot-in', data: { event_type: 'enter', asset_id: 'bike' } });
    socket.close();
  }, 60_000);

  it("keeps a namespaced key to its own space's assets", async () => {
    const key = await newKey();
    await boundAsset(key, 'shared-name');
    const created = await call(key, 'POST', '/skynet/namespaced-apikeys', undefined, { namespace: 'fleet-b' });
    expect(created.status).toBe(200);
    const nsKey = created.body.result.apikey as string;
    const ns = await LiveSocket.open(liveUrl, nsKey);
    expect(await ns.act({ action: 'ASSET_SUBSCRIBE', params: { id: 'shared-name' } })).toMatchObject({
      status: 'error',
      error: 'params.id: no asset "shared-name"',
    });
    await boundAsset(nsKey, 'shared-name');
    expect(await ns.act({ action: 'ASSET_SUBSCRIBE', params: { id: 'shared-name' } })).toMatchObject({ status: 'success' });
    const org = await LiveSocket.open(liveUrl, key);
    expect(await org.act({ action: 'ASSET_SUBSCRIBE', params: { id: 'shared-name' } })).toMatchObject({ status: 'success' });
    const t = Date.now() - 5000;
    await upload(key, 'shared-name', [{ ts: t, lat: 57.7, lon: 11.97 }]);
    await upload(nsKey, 'shared-name', [{ ts: t + 1, lat: 57.6, lon: 11.8 }]);
    await ns.until(() => ns.pushed.length >= 1);
    await org.until(() => org.pushed.length >= 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(ns.pushed.map((m) => m.data.timestamp)).toEqual([t + 1]);
    expect(org.pushed.map((m) => m.data.timestamp)).toEqual([t]);
    ns.close();
    org.close();
  }, 60_000);

  it('refuses a bad key, connections past the key limit and subscriptions past the connection limit, with clear errors', async () => {
    await expect(LiveSocket.open(liveUrl, 'wm_0000000000000000000000000000000000000000')).rejects.toEqual(new RefusedHandshake(401));
    const key = await newKey();
    const open = await Promise.all(Array.from({ length: MAX_CONNS }, () => LiveSocket.open(liveUrl, key)));
    await expect(LiveSocket.open(liveUrl, key)).rejects.toEqual(new RefusedHandshake(429));
    for (let i = 0; i <= MAX_SUBS; i++) await boundAsset(key, `a${i}`);
    const s = open[0];
    for (let i = 0; i < MAX_SUBS; i++) expect((await s.act({ action: 'ASSET_SUBSCRIBE', params: { id: `a${i}` } })).status).toBe('success');
    expect(await s.act({ action: 'ASSET_SUBSCRIBE', params: { id: `a${MAX_SUBS}` } })).toMatchObject({
      status: 'error',
      error: `too many subscriptions: a connection holds at most ${MAX_SUBS}; unsubscribe first or open another connection`,
    });
    expect(await s.act({ action: 'ASSET_SUBSCRIBE', params: { id: 'a0' } })).toMatchObject({
      status: 'error',
      error: 'params.id: this connection is already subscribed to asset "a0"',
    });
    expect(await s.act('not json')).toMatchObject({ status: 'error' });
    expect(await s.act({ action: 'DANCE' })).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^action: must be one of "TRIP_SUBSCRIBE", /),
    });
    expect(await s.act({ action: 'ASSET_SUBSCRIBE', id: 'x' })).toMatchObject({
      id: 'x',
      status: 'error',
      error: 'params.id: required for ASSET_SUBSCRIBE',
    });
    // A closed connection frees its place.
    open[1].close();
    await new Promise((r) => setTimeout(r, 1000));
    const again = await LiveSocket.open(liveUrl, key);
    for (const o of [open[0], open[2], again]) o.close();
  }, 120_000);

  it('answers the official client over plain HTTP (POST /skynet/subscribe)', async () => {
    const key = await newKey();
    const hb = await call(key, 'POST', '/skynet/subscribe', { action: 'HEARTBEAT', id: 'h' });
    expect(hb).toMatchObject({ status: 200, body: { id: 'h', status: 'success' } });
    const sub = await call(key, 'POST', '/skynet/subscribe', { action: 'TRIP_SUBSCRIBE', params: { id: 'nope' } });
    expect(sub.body).toMatchObject({ status: 'error', error: 'params.id: no trip "nope"' });
    const bad = await call(key, 'POST', '/skynet/subscribe', { action: 'SOMETHING' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('action');
  }, 60_000);
});
