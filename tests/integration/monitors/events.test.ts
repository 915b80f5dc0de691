import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../shared/platform/config';
import { eventId, type EventRecord } from '../../../shared/monitors/model';
import { sqsClient } from '../../../shared/platform/sqs';
import { processDelivery, WEBHOOK_QUEUE_ID, type WebhookDelivery } from '../../../shared/webhooks/delivery';
import { webhookDelivery } from '../../../functions/webhooks/deps';
import { geofenceClient, square } from '../geofence/client';
import { newOrgKey } from '../support/keys';
import { verifyDelivery, webhookSecret } from '../support/webhooks';
import { trackingApi, type TrackingApi } from '../tracking/api';
import { monitorEvaluator } from '../../../functions/monitors/deps';
import { monitorApi } from './api';
import { DynamoTrackingStore } from '../../../shared/tracking/dynamo-store';
import { assetStorageKey } from '../../../shared/tracking/model';

// Evaluation on real uploads through the tracking handler, on DynamoDB Local:
// exact event sequences, duplicates, late points, concurrent uploads, the event
// list (filters, pagination, isolation) and event webhooks.

const LAT = 52.01;
const T0 = Date.now() - 3600_000;
/** A point on the line lat 52.01; speed 5 m/s unless given (the speeding monitor is at 20). */
const at = (lon: number, s: number, speed = 5) => ({ location: { lat: LAT, lon }, timestamp: T0 + s * 1000, speed });
const short = (list: EventRecord[]) =>
  list.map((e) => `${e.event_type}:${e.geofence_id ? e.geofence_id : e.monitor_id}@${(e.triggered_timestamp - T0) / 1000}`);

let key: string;
let tracking: TrackingApi;
let monitors: ReturnType<typeof monitorApi>;
let geo: ReturnType<typeof geofenceClient>;

async function newAsset(id: string, attributes: Record<string, string> = { fleet: 'a' }) {
  expect((await tracking.create({ custom_id: id, attributes })).status).toBe(200);
  expect((await tracking.bind(id, `dev-${id}`)).status).toBe(200);
  return (locations: unknown[]) => tracking.track(id, { device_id: `dev-${id}`, locations });
}

async function events(assetId: string, query: Record<string, string> = {}): Promise<EventRecord[]> {
  const r = await monitors.events(assetId, { ps: '500', ...query });
  expect(r.status).toBe(200);
  return r.body.data.list;
}

/** The data space of a root key: "<org>|". */
async function spaceOf(k: string): Promise<{ principalSpace: string }> {
  return { principalSpace: `${orgs.get(k)}|` };
}
const orgs = new Map<string, string>();

/** The storage key of an asset's current incarnation (its state and events are kept under it). */
async function keyOf(id: string, k = key): Promise<string> {
  const asset = await new DynamoTrackingStore().getAsset((await spaceOf(k)).principalSpace, id);
  return assetStorageKey(asset!);
}

beforeAll(async () => {
  const made0 = await newOrgKey();
  key = made0.key;
  orgs.set(key, made0.org);
  tracking = trackingApi(key);
  monitors = monitorApi(key);
  geo = geofenceClient(key);
  // A: lon [13.00, 13.02]; B: lon [13.01, 13.03] (overlapping); both lat [52.00, 52.02].
  expect((await geo.create({ type: 'polygon', custom_id: 'A', polygon: { geojson: square(13.0, 52.0, 0.02) } })).status).toBe(200);
  expect((await geo.create({ type: 'polygon', custom_id: 'B', polygon: { geojson: square(13.01, 52.0, 0.02) } })).status).toBe(200);
  const made = await monitors.create({
    type: 'enter_and_exit',
    custom_id: 'fences',
    tags: ['t1'],
    geofence_config: { geofence_ids: ['A', 'B'] },
    match_filter: { include_all_of_attributes: { fleet: 'a' } },
  });
  expect(made.status).toBe(200);
  expect(
    (
      await monitors.create({
        type: 'speeding',
        custom_id: 'speed',
        speeding_config: { customer_speed_limit: 20, time_tolerance: 2000 },
        match_filter: { include_all_of_attributes: { fleet: 'a' } },
      })
    ).status,
  ).toBe(200);
});

describe('events from uploads', () => {
  it('a path through two overlapping fences, a speeding episode, with every field of the event record', async () => {
    const upload = await newAsset('drive-1');
    const r = await upload([at(12.995, 0, 10), at(13.005, 10, 25), at(13.015, 11, 25), at(13.025, 12, 25), at(13.035, 40, 10)]);
    expect(r.status).toBe(200);
    const list = await events('drive-1');
    expect(short(list)).toEqual(['enter:A@10', 'enter:B@11', 'exit:A@12', 'speeding:speed@12', 'exit:B@40']);
    expect(list[0]).toEqual({
      asset_id: 'drive-1',
      geofence_id: 'A',
      monitor_id: 'fences',
      monitor_tags: ['t1'],
      event_type: 'enter',
      timestamp: expect.any(Number),
      triggered_timestamp: T0 + 10_000,
      triggered_location: { location: { lat: LAT, lon: 13.005 }, timestamp: T0 + 10_000, speed: 25 },
      prev_location: { location: { lat: LAT, lon: 12.995 }, timestamp: T0, speed: 10 },
      extra: {},
    });
    const speeding = list.find((e) => e.event_type === 'speeding')!;
    expect(speeding.geofence_id).toBe('');
    expect(speeding.extra).toEqual({ speed_limit: 20 });
    expect((await monitors.events('drive-1', { monitor_id: 'speed' })).body.data.list).toHaveLength(1);
    // Under /tracking too.
    expect((await monitorApi(key, '/tracking').events('drive-1')).body.data.list).toHaveLength(5);
  });

  it('a resent batch and late points add no event; an asset outside the match_filter gets none', async () => {
    const upload = await newAsset('drive-2');
    const batch = [at(12.995, 0), at(13.005, 10), at(13.025, 20)];
    await upload(batch);
    // Exit before enter when one point leaves A and enters B.
    expect(short(await events('drive-2'))).toEqual(['enter:A@10', 'exit:A@20', 'enter:B@20']);
    expect((await upload(batch)).status).toBe(200);
    // Late points: older than the latest location, crossing back and forth.
    expect((await upload([at(12.99, 15), at(13.005, 16), at(12.99, 17)])).status).toBe(200);
    // Exit before enter when one point leaves A and enters B.
    expect(short(await events('drive-2'))).toEqual(['enter:A@10', 'exit:A@20', 'enter:B@20']);
    await upload([at(13.04, 30)]);
    expect(short(await events('drive-2'))).toEqual(['enter:A@10', 'exit:A@20', 'enter:B@20', 'exit:B@30']);

    const other = await newAsset('drive-3', { fleet: 'b' });
    await other(batch);
    expect(await events('drive-3')).toEqual([]);
  });

  it('the same batch uploaded concurrently gives its events exactly once', async () => {
    const upload = await newAsset('drive-4');
    await upload([at(12.99, 0)]);
    const batch = [at(13.005, 10), at(13.015, 20), at(13.025, 30), at(13.04, 40)];
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(batch)));
    for (const r of results) expect(r.status).toBe(200);
    expect(short(await events('drive-4'))).toEqual(['enter:A@10', 'enter:B@20', 'exit:A@30', 'exit:B@40']);
  });

  it('concurrent uploads of different batches: no duplicate, enter and exit alternate per fence', async () => {
    const upload = await newAsset('drive-5');
    const lons = [12.99, 13.005, 13.015, 13.025, 13.04, 13.025, 13.015, 13.005, 12.99, 13.005, 13.015, 13.025, 13.04];
    const points = lons.map((lon, i) => at(lon, i * 10));
    await Promise.all([0, 1, 2, 3].map((k) => upload(points.slice(k * 4, k * 4 + 4))));
    const list = await events('drive-5');
    const ids = list.map(eventId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of ['A', 'B']) {
      const kinds = list.filter((e) => e.geofence_id === f).map((e) => e.event_type);
      for (let i = 1; i < kinds.length; i++) expect(kinds[i]).not.toBe(kinds[i - 1]);
      if (kinds.length) expect(kinds[0]).toBe('enter');
    }
  });

  it('evaluations racing on one asset state commit once (conditional writes), even with the same points', async () => {
    await newAsset('race');
    // Call the evaluator directly, bypassing the history's de-duplication, as concurrent deliveries would.
    const { principalSpace } = await spaceOf(key);
    const created = (await tracking.get('race')).body.data.asset.created_at as number;
    const points = [at(12.99, 0), at(13.005, 10), at(13.015, 20), at(13.04, 30)];
    const assetKey = await keyOf('race');
    const runs = await Promise.all(
      Array.from({ length: 8 }, () =>
        monitorEvaluator().onTrack({
          space: principalSpace,
          assetId: 'race',
          assetKey,
          assetCreatedAt: created,
          attributes: { fleet: 'a' },
          points,
          now: Date.now(),
        }),
      ),
    );
    expect(runs.reduce((n, r) => n + r.length, 0)).toBe(4);
    expect(short(await events('race'))).toEqual(['enter:A@10', 'enter:B@20', 'exit:A@30', 'exit:B@30']);
  });

  it('an upload whose evaluation failed is evaluated by its retry (recovery from the history)', async () => {
    const upload = await newAsset('flaky');
    await upload([at(12.99, 0)]);
    const store = (monitorEvaluator() as unknown as { deps: { evaluation: { commit: (...a: unknown[]) => Promise<boolean> } } }).deps
      .evaluation;
    const commit = store.commit;
    store.commit = async () => {
      throw new Error('simulated storage failure');
    };
    try {
      expect((await upload([at(13.005, 10), at(13.04, 20)])).status).toBe(500);
    } finally {
      store.commit = commit;
    }
    expect(await events('flaky')).toEqual([]);
    expect((await upload([at(13.005, 10), at(13.04, 20)])).status).toBe(200); // the client's retry: nothing new to store
    expect(short(await events('flaky'))).toEqual(['enter:A@10', 'exit:A@20']);
  });

  it('a batch with more events than one transaction holds (outbox path): all events, once', async () => {
    const made = await newOrgKey();
    const t = trackingApi(made.key);
    const m = monitorApi(made.key);
    const g = geofenceClient(made.key);
    // 70 small fences along the line, 0.001 deg apart: one drive crosses them all (140 events).
    const fences = Array.from({ length: 70 }, (_, i) => ({
      type: 'polygon',
      custom_id: `f${i}`,
      polygon: { geojson: square(13 + i * 0.001, 52.0, 0.0005) },
    }));
    expect((await g.batchCreate(fences)).status).toBe(200);
    expect((await m.create({ type: 'enter_and_exit', custom_id: 'many', geofence_ids: fences.map((f) => f.custom_id) })).status).toBe(200);
    await t.create({ custom_id: 'long' });
    await t.bind('long', 'd');
    const pts = [{ location: { lat: 52.0002, lon: 12.9995 }, timestamp: T0, speed: 1 }];
    for (let i = 0; i < 70; i++) {
      pts.push({ location: { lat: 52.0002, lon: 13 + i * 0.001 + 0.00025 }, timestamp: T0 + (2 * i + 1) * 1000, speed: 1 });
      pts.push({ location: { lat: 52.0002, lon: 13 + i * 0.001 + 0.00075 }, timestamp: T0 + (2 * i + 2) * 1000, speed: 1 });
    }
    expect((await t.track('long', { device_id: 'd', locations: pts })).status).toBe(200);
    expect((await t.track('long', { device_id: 'd', locations: pts })).status).toBe(200);
    const list = (await m.events('long', { ps: '500' })).body.data.list as EventRecord[];
    expect(list).toHaveLength(140);
    expect(list.slice(0, 3).map((e) => `${e.event_type}:${e.geofence_id}`)).toEqual(['enter:f0', 'exit:f0', 'enter:f1']);
  });

  it('purgeAsset deletes the asset events and evaluation state, in its space only', async () => {
    const upload = await newAsset('purged');
    await upload([at(12.99, 0), at(13.005, 10)]);
    expect(await events('purged')).toHaveLength(1);
    const { DynamoMonitorStateStore } = await import('../../../shared/monitors/dynamo-state');
    const store = new DynamoMonitorStateStore();
    const none = async () => false;
    await store.purgeAsset('someone-else|', await keyOf('purged'), none);
    expect(await events('purged')).toHaveLength(1);
    const { principalSpace } = await spaceOf(key);
    await store.purgeAsset(principalSpace, await keyOf('purged'), none);
    expect(await events('purged')).toEqual([]);
    expect(await store.read(principalSpace, await keyOf('purged'))).toBeUndefined();
  });

  it('deleting an asset through the API takes its events with it', async () => {
    const upload = await newAsset('deleted');
    await upload([at(12.99, 0), at(13.005, 10)]);
    expect(await events('deleted')).toHaveLength(1);
    expect((await tracking.remove('deleted')).status).toBe(200);
    const again = await newAsset('deleted');
    expect(await events('deleted')).toEqual([]);
    // The re-created asset is evaluated afresh: its first point gives no event, the next crossing does.
    await again([at(13.005, 100), at(12.99, 110)]);
    expect(short(await events('deleted'))).toEqual(['exit:A@110']);
  });

  it('an idle stop', async () => {
    const own = (await newOrgKey()).key;
    const t = trackingApi(own);
    const m = monitorApi(own);
    expect(
      (await m.create({ type: 'idle', custom_id: 'idle', idle_config: { distance_tolerance: 30, time_tolerance: 60_000 } })).status,
    ).toBe(200);
    await t.create({ custom_id: 'truck' });
    await t.bind('truck', 'd');
    const stop = [0, 20, 40, 60, 80].map((s) => at(13.0, 30 + s));
    expect((await t.track('truck', { device_id: 'd', locations: [at(12.99, 0), at(12.995, 10), ...stop] })).status).toBe(200);
    const list = (await m.events('truck')).body.data.list as EventRecord[];
    expect(short(list)).toEqual(['idle:idle@90']);
  });

  it('event list: time range, pagination, 404 for an unknown asset, nothing across spaces', async () => {
    const all = await events('drive-1');
    const mid = await events('drive-1', { start_time: String(T0 + 11_000), end_time: String(T0 + 12_000) });
    expect(short(mid)).toEqual(['enter:B@11', 'exit:A@12', 'speeding:speed@12']);
    const p2 = await monitors.events('drive-1', { ps: '2', pn: '2' });
    expect(p2.body.data.page).toEqual({ total: all.length, offset: 2, page: 2, size: 2, hasmore: true });
    expect(short(p2.body.data.list)).toEqual(short(all.slice(2, 4)));
    expect((await monitors.events('no-such-asset')).status).toBe(404);
    expect((await monitors.events('drive-1', { start_time: '2', end_time: '1' })).status).toBe(400);
    const other = monitorApi((await newOrgKey()).key);
    expect((await other.events('drive-1')).status).toBe(404);
  });
});

describe('event webhooks', () => {
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  let url: string;
  let server: ReturnType<typeof createServer>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('PUT/GET /config, test webhook, and every event queued through the shared delivery module', async () => {
    // Nothing configured yet: nothing to try, and "Ok" as the client's type promises.
    expect((await monitors.testWebhook()).body).toEqual({ status: 'Ok', data: { results: [] } });
    expect((await monitors.putConfig({ webhook: ['ftp://x'] })).status).toBe(400);
    expect((await monitors.putConfig({ webhook: [url] })).body).toEqual({ status: 'Ok' });
    expect((await monitors.getConfig()).body).toEqual({ status: 'Ok', data: { webhook: [url], config: { webhook: [url] } } });

    const test = await monitors.testWebhook();
    expect(test.body).toEqual({ status: 'Ok', data: { results: [{ url, ok: true, status: 200 }] } });
    expect(received).toHaveLength(1);
    expect(received[0].headers['webhook-id']).toMatch(/^evt_test_/);
    expect(received[0].headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(received[0].body).event).toBe('test');

    const upload = await newAsset('hooked');
    await upload([at(12.99, 0), at(13.005, 10)]);
    // The event is on the webhook queue (the delivery worker sends it); deliver it here.
    const queueUrl = config.queueUrl(WEBHOOK_QUEUE_ID)!;
    const mine: WebhookDelivery[] = [];
    for (let i = 0; i < 10 && mine.length === 0; i++) {
      const out = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      for (const m of out.Messages ?? []) {
        const d = JSON.parse(m.Body!) as WebhookDelivery;
        if (d.url === url) mine.push(d);
      }
    }
    expect(mine).toHaveLength(1);
    const payload = JSON.parse(mine[0].body);
    expect(payload.event).toBe('enter');
    expect(payload.data).toMatchObject({ asset_id: 'hooked', geofence_id: 'A', event_type: 'enter' });
    expect((await processDelivery(mine[0], webhookDelivery())).ok).toBe(true);
    expect(received).toHaveLength(2);
    expect(received[1].headers['webhook-id']).toBe(mine[0].id);
    const secret = await webhookSecret(key);
    for (const r of received) expect(verifyDelivery(secret, r)).toEqual(JSON.parse(r.body));
  });
});
