import { expect, it } from 'vitest';
import type { EventRecord } from '../../../shared/monitors/model';
import { newOrgKey } from '../support/keys';
import { trackingApi } from '../tracking/api';
import { monitorApi } from './api';

// The burst that used to poison an asset: a monitor with 100 tags of 256 characters (each event
// carries them), one upload of 150 points alternating above and below its speed limit (75
// events, a few MB of records). Through the handlers: the upload answers 200, every event is
// listed once, and the uploads after it are evaluated as usual.

it('a burst of 75 large events in one upload: stored once each, the asset keeps taking uploads', async () => {
  const { key } = await newOrgKey();
  const tracking = trackingApi(key);
  const monitors = monitorApi(key);
  const tags = Array.from({ length: 100 }, (_, i) => `${i}:`.padEnd(256, 'x'));
  expect((await monitors.create({ type: 'speeding', custom_id: 'fast', tags, speeding_config: { customer_speed_limit: 10 } })).status).toBe(
    200,
  );
  expect((await tracking.create({ custom_id: 'burst' })).status).toBe(200);
  await tracking.bind('burst', 'd');
  const T0 = Date.now() - 3600_000;
  const point = (i: number) => ({ location: { lat: 57.7, lon: 11.97 + i * 1e-4 }, timestamp: T0 + i * 1000, speed: i % 2 ? 5 : 20 });
  const burst = Array.from({ length: 150 }, (_, i) => point(i));
  expect((await tracking.track('burst', { device_id: 'd', locations: burst })).status).toBe(200);
  expect((await tracking.track('burst', { device_id: 'd', locations: burst })).status).toBe(200); // a retry adds nothing
  const all: EventRecord[] = [];
  for (let pn = 1; ; pn++) {
    const { list, page } = (await monitors.events('burst', { pn: String(pn), ps: '20' })).body.data;
    expect(page.total).toBe(75);
    all.push(...list);
    if (!page.hasmore) break;
  }
  expect(all.map((e) => (e.triggered_timestamp - T0) / 1000)).toEqual(Array.from({ length: 75 }, (_, i) => 2 * i));
  expect(all[0].monitor_tags).toEqual(tags);
  for (let k = 0; k < 3; k++) {
    const next = [point(200 + 2 * k), point(201 + 2 * k)];
    expect((await tracking.track('burst', { device_id: 'd', locations: next })).status).toBe(200);
  }
  expect((await monitors.events('burst', { ps: '500' })).body.data.list).toHaveLength(78);
});
