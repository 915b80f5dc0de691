import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { assetCells } from '../../../shared/geo';
import { expect, it } from 'vitest';
import { config } from '../../../shared/platform/config';
import { documentClient } from '../../../shared/platform/dynamo';
import type { EventRecord } from '../../../shared/monitors/model';
import { monitorApi } from '../monitors/api';
import { moveLegacyAssets } from '../../../shared/tracking/migrate';
import { newOrgKey } from '../support/keys';
import { trackingApi } from './api';

// Data written before per-asset keys, asset incarnations and the item-per-entry outbox (a developer's existing
// .data/): an asset without "inc" keeps its history, state and events under its bare id, and a
// state item still carrying events inside it ("outbox") has them copied to the event list.

const T0 = Date.now() - 3600_000;
/** The index keys of that time: resolution-10 cell under its resolution-4 parent. */
const OLD_CELLS = assetCells({ lat: 57.7, lon: 11.97 });

it('an asset stored before per-asset keys and incarnations moves to its own key and cell; its history, events and inline outbox still work, and its delete purges them', async () => {
  const { key, org } = await newOrgKey();
  const space = `${org}|`;
  const tracking = trackingApi(key);
  const monitors = monitorApi(key);
  const put = (table: string, Item: Record<string, unknown>) =>
    documentClient().send(new PutCommand({ TableName: config.table(table), Item }));
  const created = Math.floor(T0 / 1000);
  await put('tracking-assets', {
    pk: space,
    id: 'old',
    name: '',
    description: '',
    attributes: {},
    device_id: 'd',
    created_at: created,
    updated_at: created,
    latest_location: { location: { lat: 57.7, lon: 11.97 }, timestamp: T0 },
    index_key: { coarse: OLD_CELLS.coarse, fine: OLD_CELLS.fine },
    version: 3,
  });
  // Its position entry under the resolution-4 partition cell of that time.
  await put('tracking-positions', {
    pk: `${space}#${OLD_CELLS.coarse}`,
    sk: `${OLD_CELLS.fine}#old`,
    lat: 57.7,
    lon: 11.97,
    ts: T0,
    expires_at: Math.ceil(T0 / 1000) + 7 * 86_400,
    snap: JSON.stringify({ id: 'old', name: '', description: '', attributes: {}, created_at: created, updated_at: created, version: 3 }),
  });
  await put('tracking-history', {
    pk: `${space}#old`,
    ts: Math.floor(T0 / 60_000) * 60_000,
    p: { [String(T0)]: { location: { lat: 57.7, lon: 11.97 } } },
  });
  const event = (ts: number): EventRecord => ({
    asset_id: 'old',
    geofence_id: '',
    monitor_id: 's',
    monitor_tags: [],
    event_type: 'speeding',
    timestamp: ts,
    triggered_timestamp: ts,
    triggered_location: { location: { lat: 57.7, lon: 11.97 }, timestamp: ts, speed: 20 },
    prev_location: null,
    extra: { speed_limit: 10 },
  });
  await put('monitors', {
    pk: `${space}#st#old`,
    sk: 'state',
    version: 4,
    asset_created_at: created,
    st: JSON.stringify({ last: { lat: 57.7, lon: 11.97, ts: T0, sp: 20 }, m: {} }),
    outbox: JSON.stringify([event(T0 - 1000), event(T0)]),
  });

  // npm start moves assets stored under the space-wide key to their own keys.
  expect(await moveLegacyAssets()).toBeGreaterThanOrEqual(1);
  expect(await moveLegacyAssets()).toBe(0);
  expect((await tracking.get('old')).body.data.asset.latest_location.timestamp).toBe(T0);
  expect((await tracking.list()).body.data.list.map((a: { id: string }) => a.id)).toEqual(['old']);
  const near = await tracking.around({ center: '57.7,11.97', radius: '100' });
  expect(near.body.data.assets.map((a: { id: string }) => a.id)).toEqual(['old']);
  const oldEntry = await documentClient().send(
    new GetCommand({
      TableName: config.table('tracking-positions'),
      Key: { pk: `${space}#${OLD_CELLS.coarse}`, sk: `${OLD_CELLS.fine}#old` },
    }),
  );
  expect(oldEntry.Item).toBeUndefined();
  expect((await tracking.locations('old')).body.data.list.map((p: { timestamp: number }) => p.timestamp)).toEqual([T0]);
  const listed = (await monitors.events('old')).body.data.list as EventRecord[];
  expect(listed.map((e) => e.triggered_timestamp)).toEqual([T0 - 1000, T0]);
  // Uploads keep working on the old keys.
  expect(
    (await tracking.track('old', { device_id: 'd', locations: [{ location: { lat: 57.7, lon: 11.97 }, timestamp: T0 + 1000 }] })).status,
  ).toBe(200);
  expect((await tracking.locations('old')).body.data.page.total).toBe(2);
  expect((await tracking.remove('old')).status).toBe(200);
  expect((await tracking.remove('old')).status).toBe(200);
  expect((await tracking.create({ custom_id: 'old' })).status).toBe(200);
  expect((await tracking.locations('old')).body.data.list).toEqual([]);
  expect((await monitors.events('old')).body.data.list).toEqual([]);
});
