import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { cellToParent, latLngToCell } from 'h3-js';
import { expect, it } from 'vitest';
import { H3_FINE_RES } from '../../../shared/geo';
import { config } from '../../../shared/platform/config';
import { documentClient } from '../../../shared/platform/dynamo';
import { POSITION_PARTITION_RES, type IndexKey } from '../../../shared/tracking/model';
import { positionCells } from '../../../shared/tracking/service';
import { newOrgKey } from '../support/keys';
import { trackingApi } from './api';

// Entries name resolution-9 cells now; an entry an older version placed at the point's own
// resolution-10 cell is still found by searches, and the asset's next upload moves it.

// Not in its resolution-9 cell's centre child, so the two keys differ.
const P = { lat: 57.7012, lon: 11.9734 };
const ids = (res: { body: any }) => res.body.data.assets.map((a: { id: string }) => a.id);

it('an entry placed at resolution 10 by an older version is found, and the next upload moves it to the resolution-9 key', async () => {
  const { key, org } = await newOrgKey();
  const space = `${org}|`;
  const api = trackingApi(key);
  await api.create({ custom_id: 'r' });
  await api.bind('r', 'dev-r');
  const t0 = Date.now() - 60_000;
  expect((await api.track('r', { device_id: 'dev-r', locations: [{ location: P, timestamp: t0 }] })).status).toBe(200);

  const assets = config.table('tracking-assets');
  const positions = config.table('tracking-positions');
  const assetKey = { pk: `${space}#r`, id: 'r' };
  const read = async () => (await documentClient().send(new GetCommand({ TableName: assets, Key: assetKey, ConsistentRead: true }))).Item!;
  const entry = async (k: IndexKey) =>
    (
      await documentClient().send(
        new GetCommand({ TableName: positions, Key: { pk: `${space}#${k.coarse}`, sk: `${k.fine}#r` }, ConsistentRead: true }),
      )
    ).Item;
  const current = positionCells(P);
  const stored = await read();
  expect(stored.index_key).toMatchObject({ coarse: current.coarse, fine: current.fine });
  expect(await entry(current)).toBeDefined();

  // What the previous version wrote: the entry at the point's own resolution-10 cell.
  const fine = latLngToCell(P.lat, P.lon, H3_FINE_RES);
  const legacy: IndexKey = { coarse: cellToParent(fine, POSITION_PARTITION_RES), fine, v: stored.version as number, at: t0 };
  expect(legacy.fine).not.toBe(current.fine);
  await documentClient().send(
    new DeleteCommand({ TableName: positions, Key: { pk: `${space}#${current.coarse}`, sk: `${current.fine}#r` } }),
  );
  await documentClient().send(
    new PutCommand({
      TableName: positions,
      Item: {
        pk: `${space}#${legacy.coarse}`,
        sk: `${legacy.fine}#r`,
        id: 'r',
        v: legacy.v,
        ts: t0,
        expires_at: Math.ceil(t0 / 1000) + 7 * 86_400,
      },
    }),
  );
  await documentClient().send(new PutCommand({ TableName: assets, Item: { ...stored, index_key: legacy } }));

  for (const radius of ['50', '1000']) expect(ids(await api.around({ center: `${P.lat},${P.lon}`, radius }))).toEqual(['r']);

  // The next upload, a few metres on (same cells), moves the entry to the resolution-9 key.
  const next = { lat: P.lat + 0.00005, lon: P.lon };
  expect(positionCells(next).fine).toBe(current.fine);
  expect((await api.track('r', { device_id: 'dev-r', locations: [{ location: next, timestamp: t0 + 5000 }] })).status).toBe(200);
  expect((await read()).index_key).toMatchObject({ coarse: current.coarse, fine: current.fine });
  expect(await entry(current)).toBeDefined();
  expect(await entry(legacy)).toBeUndefined();
  expect(ids(await api.around({ center: `${P.lat},${P.lon}`, radius: '50' }))).toEqual(['r']);
});
