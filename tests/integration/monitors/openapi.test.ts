import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as createGeofence } from '../../../functions/geofence/create';
import { handler as create } from '../../../functions/monitors/create';
import { handler as remove } from '../../../functions/monitors/delete';
import { handler as get } from '../../../functions/monitors/get';
import { handler as getConfig } from '../../../functions/monitors/get-config';
import { handler as list } from '../../../functions/monitors/list';
import { handler as listEvents } from '../../../functions/monitors/list-events';
import { handler as putConfig } from '../../../functions/monitors/put-config';
import { handler as testWebhook } from '../../../functions/monitors/test-webhook';
import { handler as update } from '../../../functions/monitors/update';
import { handler as bind } from '../../../functions/tracking/bind-device';
import { handler as createAsset } from '../../../functions/tracking/create-asset';
import { handler as uploadTrack } from '../../../functions/tracking/upload-track';
import { handler as secret, rotateHandler as rotateSecret } from '../../../functions/webhooks/secret';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// Monitors (monitors, events, event webhooks) and the webhook signing
// secret, against the OpenAPI document.

const T0 = Date.now() - 600_000;
const at = (lon: number, s: number, speed: number) => ({ location: { lat: 52.01, lon }, timestamp: T0 + s * 1000, speed });

let key: string;
let server: ReturnType<typeof createServer>;
let hookUrl: string;
beforeAll(async () => {
  ({ key } = await newOrgKey());
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe.each(['/skynet', '/tracking'])('monitor contract under %s', (prefix) => {
  it('monitor create, get, list, update, events of every type, delete', async () => {
    const tag = prefix.slice(1);
    const fence = await call(createGeofence, key, {
      method: 'POST',
      path: '/geofence',
      body: {
        type: 'polygon',
        polygon: {
          geojson: {
            type: 'Polygon',
            coordinates: [
              [
                [13.0, 52.0],
                [13.02, 52.0],
                [13.02, 52.02],
                [13.0, 52.02],
                [13.0, 52.0],
              ],
            ],
          },
        },
      },
    });
    const filter = { include_all_of_attributes: { fleet: tag } };
    const fences = await call(create, key, {
      method: 'POST',
      path: `${prefix}/monitor`,
      body: {
        type: 'enter_and_exit',
        name: 'zone',
        description: 'zone watch',
        tags: [tag],
        meta_data: { k: 1 },
        match_filter: filter,
        geofence_config: { geofence_ids: [fence.data.id] },
      },
    });
    await call(create, key, {
      method: 'POST',
      path: `${prefix}/monitor`,
      body: {
        type: 'speeding',
        tags: [tag],
        match_filter: filter,
        speeding_config: { customer_speed_limit: 20, use_admin_speed_limit: false, time_tolerance: 0 },
      },
    });
    await call(create, key, {
      method: 'POST',
      path: `${prefix}/monitor`,
      body: { type: 'idle', tags: [tag], match_filter: filter, idle_config: { distance_tolerance: 20, time_tolerance: 5000 } },
    });

    const monitor = { path: `${prefix}/monitor/{id}`, params: { id: fences.data.id } };
    const got = await call(get, key, { method: 'GET', ...monitor });
    expect(got.data.monitor.geofences).toEqual([fence.data.id]);
    const listed = await call(list, key, {
      method: 'GET',
      path: `${prefix}/monitor/list`,
      query: { tags: tag, pn: '1', ps: '10', sort: 'created_at:desc' },
    });
    expect(listed.data.list).toHaveLength(3);
    await call(update, key, { method: 'PUT', ...monitor, body: { name: 'zone 2', match_filter: filter } });

    const asset = `car-${tag}`;
    await call(createAsset, key, { method: 'POST', path: `${prefix}/asset`, body: { custom_id: asset, attributes: { fleet: tag } } });
    await call(bind, key, { method: 'POST', path: `${prefix}/asset/{id}/bind`, params: { id: asset }, body: { device_id: `d-${asset}` } });
    // In at speed, stop inside, then out: enter, speeding, idle and exit.
    const locations = [at(12.99, 0, 10), at(13.005, 10, 30), at(13.01, 20, 0), at(13.01, 40, 0), at(13.03, 60, 10)];
    await call(uploadTrack, key, {
      method: 'POST',
      path: `${prefix}/asset/{id}/track`,
      params: { id: asset },
      body: { device_id: `d-${asset}`, locations },
    });
    const events = await call(listEvents, key, {
      method: 'GET',
      path: `${prefix}/asset/{id}/event/list`,
      params: { id: asset },
      query: { start_time: String(T0), end_time: String(T0 + 100_000), pn: '1', ps: '50' },
    });
    expect(new Set(events.data.list.map((e: { event_type: string }) => e.event_type))).toEqual(
      new Set(['enter', 'exit', 'speeding', 'idle']),
    );

    await call(remove, key, { method: 'DELETE', ...monitor });
  });

  it('event webhook config and test delivery', async () => {
    await call(putConfig, key, { method: 'PUT', path: `${prefix}/config`, body: { webhook: [hookUrl] } });
    const config = await call(getConfig, key, { method: 'GET', path: `${prefix}/config` });
    expect(config.data.webhook).toEqual([hookUrl]);
    const tested = await call(testWebhook, key, { method: 'POST', path: `${prefix}/config/testwebhook` });
    expect(tested.data.results).toEqual([{ url: hookUrl, ok: true, status: 200 }]);
  });
});

describe('webhook secret contract', () => {
  it('get and rotate', async () => {
    const first = await call(secret, key, { method: 'GET', path: '/webhooks/secret' });
    const rotated = await call(rotateSecret, key, { method: 'POST', path: '/webhooks/secret/rotate' });
    expect(rotated.data.secret).not.toBe(first.data.secret);
  });
});
