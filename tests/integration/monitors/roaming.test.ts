import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDelivery } from '../../../functions/webhooks/deps';
import type { EventRecord } from '../../../shared/monitors/model';
import { MAX_ROAMING_MONITORS } from '../../../shared/monitors/schemas';
import { config } from '../../../shared/platform/config';
import { sqsClient } from '../../../shared/platform/sqs';
import { processDelivery, WEBHOOK_QUEUE_ID, type WebhookDelivery } from '../../../shared/webhooks/delivery';
import { newOrgKey } from '../support/keys';
import { verifyDelivery, webhookSecret } from '../support/webhooks';
import { trackingApi, type TrackingApi } from '../tracking/api';
import { monitorApi } from './api';

// Roaming monitors through the handlers on DynamoDB Local: create (and the 4xx of a bad one), two
// assets approaching and parting, the enter and exit in the subject's event list, and the
// webhooks of both through the shared delivery queue.

const LAT = 57.7;
const T0 = Date.now() - 600_000;
const at = (lon: number, s: number) => ({ location: { lat: LAT, lon }, timestamp: T0 + s * 1000 });

let key: string;
let tracking: TrackingApi;
let monitors: ReturnType<typeof monitorApi>;
const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
let url: string;
let server: ReturnType<typeof createServer>;

async function newAsset(id: string, attributes: Record<string, string>) {
  expect((await tracking.create({ custom_id: id, attributes })).status).toBe(200);
  expect((await tracking.bind(id, `dev-${id}`)).status).toBe(200);
  return async (location: ReturnType<typeof at>) => {
    const r = await tracking.track(id, { device_id: `dev-${id}`, locations: [location] });
    expect(r.status).toBe(200);
  };
}

async function events(assetId: string): Promise<EventRecord[]> {
  const r = await monitors.events(assetId, { ps: '500' });
  expect(r.status).toBe(200);
  return r.body.data.list;
}

beforeAll(async () => {
  key = (await newOrgKey()).key;
  tracking = trackingApi(key);
  monitors = monitorApi(key);
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

describe('roaming monitors', () => {
  it('refuse a bad configuration with a 4xx naming the field', async () => {
    const base = { type: 'roaming', match_filter: { include_all_of_attributes: { role: 'truck' } } };
    const cases: Array<[unknown, string]> = [
      [base, 'roaming_config'],
      [{ ...base, roaming_config: { target_filter: { include_all_of_attributes: { role: 'van' } } } }, 'roaming_config.radius'],
      [{ ...base, roaming_config: { radius: 0, target_filter: { tags: ['x'] } } }, 'roaming_config.radius'],
      [{ ...base, roaming_config: { radius: 1001, target_filter: { tags: ['x'] } } }, 'roaming_config.radius'],
      [{ ...base, roaming_config: { radius: 100 } }, 'roaming_config.target_filter'],
      [{ ...base, roaming_config: { radius: 100, target_filter: { include_all_of_attributes: {} } } }, 'roaming_config.target_filter'],
      [{ ...base, roaming_config: { radius: 100, target_filter: { tags: ['x'] } }, geofence_ids: ['g'] }, 'geofence_config.geofence_ids'],
    ];
    for (const [body, field] of cases) {
      const r = await monitors.create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.msg ?? JSON.stringify(r.body)).toContain(field);
    }
  });

  it('fire enter and exit as two assets meet and part, in the event list and to the webhook', async () => {
    expect((await monitors.putConfig({ webhook: [url] })).status).toBe(200);
    const made = await monitors.create({
      type: 'roaming',
      custom_id: 'meet',
      tags: ['yard'],
      match_filter: { include_all_of_attributes: { role: 'truck' } },
      roaming_config: { radius: 100, target_filter: { include_all_of_attributes: { role: 'van' } } },
    });
    expect(made.status).toBe(200);
    const got = await monitors.get('meet');
    expect(got.body.data.monitor ?? got.body.data).toMatchObject({
      type: 'roaming',
      roaming_config: { radius: 100, target_filter: { include_all_of_attributes: { role: 'van' } } },
    });

    const truck = await newAsset('truck-1', { role: 'truck' });
    const van = await newAsset('van-1', { role: 'van' });
    await truck(at(11.95, 0));
    await van(at(11.96, 5)); // ~600 m east: apart
    await van(at(11.9508, 10)); // ~48 m: enter
    await truck(at(11.9502, 15)); // still near: nothing
    await van(at(11.9515, 20)); // ~70 m: still near
    await van(at(11.96, 25)); // apart: exit
    await truck(at(11.9599, 30)); // ~6 m: enter again, triggered by the truck
    const list = await events('truck-1');
    expect(list.map((e) => `${e.event_type}:${e.nearby_asset_id}@${(e.triggered_timestamp - T0) / 1000}`)).toEqual([
      'enter:van-1@10',
      'exit:van-1@25',
      'enter:van-1@30',
    ]);
    expect(list[0]).toMatchObject({
      asset_id: 'truck-1',
      geofence_id: '',
      monitor_id: 'meet',
      monitor_tags: ['yard'],
      triggered_location: { location: { lat: LAT, lon: 11.9508 } },
      prev_location: null,
    });
    expect(list[0].extra.distance).toBeGreaterThan(40);
    expect(list[0].extra.distance).toBeLessThan(100);
    // The van only ever is a target: no event is about it.
    expect(await events('van-1')).toEqual([]);

    const queueUrl = config.queueUrl(WEBHOOK_QUEUE_ID)!;
    const mine: WebhookDelivery[] = [];
    for (let i = 0; i < 15 && mine.length < 3; i++) {
      const out = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      for (const m of out.Messages ?? []) {
        const d = JSON.parse(m.Body!) as WebhookDelivery;
        if (d.url === url) mine.push(d);
      }
    }
    const payloads = mine.map((d) => JSON.parse(d.body) as { event: string; data: EventRecord });
    expect(payloads.map((p) => `${p.event}:${p.data.asset_id}:${p.data.nearby_asset_id}`).sort()).toEqual([
      'enter:truck-1:van-1',
      'enter:truck-1:van-1',
      'exit:truck-1:van-1',
    ]);
    for (const d of mine) expect((await processDelivery(d, webhookDelivery())).ok).toBe(true);
    expect(received).toHaveLength(3);
    const secret = await webhookSecret(key);
    for (const r of received) expect(verifyDelivery(secret, r)).toEqual(JSON.parse(r.body));
  });

  it('fire one enter when both assets of a pair upload at once, whichever sees the other', async () => {
    for (let round = 0; round < 3; round++) {
      const truck = await newAsset(`truck-c${round}`, { role: 'truck' });
      const van = await newAsset(`van-c${round}`, { role: 'van' });
      const lon = 11.98 + round * 0.03; // rounds ~1.8 km apart: each pair meets only itself
      await Promise.all([truck(at(lon, 40)), van(at(lon + 0.0004, 40))]);
      await Promise.all([truck(at(lon + 0.0001, 45)), van(at(lon + 0.0003, 45))]);
      expect((await events(`truck-c${round}`)).map((e) => `${e.event_type}:${e.nearby_asset_id}`)).toEqual([`enter:van-c${round}`]);
    }
  });

  it(`allow at most ${MAX_ROAMING_MONITORS} per space (422)`, async () => {
    const api = monitorApi((await newOrgKey()).key);
    const body = (i: number) => ({ type: 'roaming', custom_id: `r${i}`, roaming_config: { radius: 50, target_filter: { tags: ['t'] } } });
    for (let i = 0; i < MAX_ROAMING_MONITORS; i++) expect((await api.create(body(i))).status).toBe(200);
    const over = await api.create(body(MAX_ROAMING_MONITORS));
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.body)).toContain(`${MAX_ROAMING_MONITORS}`);
    // Other types are not counted.
    expect((await api.create({ type: 'idle', idle_config: { distance_tolerance: 10, time_tolerance: 1000 } })).status).toBe(200);
  }, 120_000);
});
