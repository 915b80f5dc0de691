import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as createGeofence } from '../../../functions/geofence/create';
import { handler as listGeofences } from '../../../functions/geofence/list';
import { exportSpace } from '../../../infra/cli/transfer/export';
import { importSpace } from '../../../infra/cli/transfer/import';
import { provisionTables } from '../../../infra/local/provision';
import { itemToLine, type Item } from '../../../infra/cli/transfer/items';
import { inSpace, remapItem } from '../../../infra/cli/transfer/scope';
import { storageOf, type Storage } from '../../../infra/cli/transfer/target';
import { spaceOf } from '../../../shared/auth/model';
import { dynamoMatrixJobStore } from '../../../shared/matrix/dynamo-store';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { pointAt, trackingApi } from '../tracking/api';

// Export of a space and import into another (the same local storage, a new organisation): every
// record equal apart from the space in its keys, idempotent, resumable after an interruption.
//
// On tables of a stage of this file's own: export, and the checks below, scan whole tables, and
// the worker slot's shared tables hold everything the files before this one stored (in a full run
// that took this file past its 300 s timeout, twice). Another space's items stored beside the
// source's keep the export's filter tested.

const stage = `xfer${randomUUID().slice(0, 8)}`;
let storage: Storage;
const dir = mkdtempSync(join(tmpdir(), 'waymark-export-'));
const quiet = () => undefined;

/** Every stored item of a space, as canonical lines (keys, which hold no data, left out). */
async function itemsOf(space: string, to = space): Promise<string[]> {
  const lines: string[] = [];
  for (const id of storage.tableIds.filter((t) => t !== 'keys')) {
    let next: Record<string, any> | undefined;
    do {
      const page = await storage.client.send(new ScanCommand({ TableName: storage.table(id), ExclusiveStartKey: next }));
      for (const item of page.Items ?? [])
        if (inSpace(item as Item, space)) lines.push(`${id} ${itemToLine(remapItem(item as Item, space, to))}`);
      next = page.LastEvaluatedKey;
    } while (next);
  }
  return lines.sort();
}

beforeAll(async () => {
  const endpoint = process.env.WAYMARK_DYNAMODB_ENDPOINT!;
  await provisionTables(endpoint, stage);
  // The handlers' stores resolve their tables from the stage when first used, after this.
  process.env.WAYMARK_STAGE = stage;
  storage = storageOf({ stage, 'dynamodb-endpoint': endpoint });
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** Geofences and a tracked asset of another organisation, which the export must leave out. */
async function storeBystander(): Promise<void> {
  const { key } = await newOrgKey();
  for (let i = 0; i < 3; i++) {
    const circle = { center: { lat: 57.7, lon: 11.97 + i * 1e-3 }, radius: 50 };
    const res = await invoke(createGeofence, { method: 'POST', query: { key }, body: { type: 'circle', custom_id: `g${i}`, circle } });
    expect(res.status).toBe(200);
  }
  const api = trackingApi(key);
  expect((await api.create({ custom_id: 'van-1', name: 'van-1' })).status).toBe(200);
  await api.bind('van-1', 'dev-van-1');
  const locations = [{ location: pointAt(57.7, 11.97, 0), timestamp: 1_700_000_000_000 }];
  expect((await api.track('van-1', { device_id: 'dev-van-1', locations })).status).toBe(200);
}

describe('waymark export / import', () => {
  it('round trip into another space: equal records, idempotent, resumable', async () => {
    await storeBystander();
    const source = await newOrgKey();
    const from = spaceOf(source.org, null);
    for (let i = 0; i < 30; i++) {
      const circle = { center: { lat: 57.7 + i * 1e-3, lon: 11.97 }, radius: 100 + i };
      const res = await invoke(createGeofence, {
        method: 'POST',
        query: { key: source.key },
        body: { type: 'circle', custom_id: `g${i}`, name: `g${i}`, circle },
      });
      expect(res.status).toBe(200);
    }
    const api = trackingApi(source.key);
    for (const id of ['van-1', 'van-2']) {
      expect((await api.create({ custom_id: id, name: id })).status).toBe(200);
      await api.bind(id, `dev-${id}`);
      const locations = Array.from({ length: 50 }, (_, i) => ({
        location: pointAt(57.7, 11.97, i),
        timestamp: 1_700_000_000_000 + i * 10_000,
      }));
      expect((await api.track(id, { device_id: `dev-${id}`, locations })).status).toBe(200);
    }
    // A job with binary (gzipped) request chunks.
    const now = Math.floor(Date.now() / 1000);
    await dynamoMatrixJobStore().create(
      { id: 'm1', space: from, status: 'completed', created_at: now, updated_at: now, attempts: 1, request_chunks: 1 } as never,
      [new Uint8Array([31, 139, 8, 0, 1, 2, 3, 255])],
    );
    const before = await itemsOf(from);
    expect(before.length).toBeGreaterThan(60);

    const manifest = await exportSpace(storage, from, dir, quiet);
    expect(manifest.tables.geofences.items).toBe(30);
    expect(manifest.tables.keys.items).toBe(1);

    const target = await newOrgKey();
    const to = spaceOf(target.org, null);
    await expect(importSpace(storage, dir, { space: to, progress: quiet, stopAfter: 100 })).rejects.toThrow(/stopped after 100/);
    const half = (await itemsOf(to)).length;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(before.length);
    await importSpace(storage, dir, { space: to, progress: quiet });
    expect(await itemsOf(to)).toEqual(await itemsOf(from, to));
    // Run twice, same result.
    rmSync(join(dir, '.import-state.json'));
    await importSpace(storage, dir, { space: to, progress: quiet });
    expect(await itemsOf(to)).toEqual(await itemsOf(from, to));

    const listed = await invoke(listGeofences, { query: { key: target.key, ps: '100' } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.list).toHaveLength(30);
    expect((await trackingApi(target.key).locations('van-1')).body.data.list.length).toBeGreaterThan(0);
  }, 300_000);
});
