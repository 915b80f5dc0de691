import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DynamoGeofenceStore } from '../../../shared/geofence/dynamo-store';
import { config } from '../../../shared/platform/config';
import { documentClient } from '../../../shared/platform/dynamo';
import { freshSpaces } from '../../fixtures/contracts/support';

// A geofence stored before the spatial index existed (no cell items) is found
// by idsNear once indexExisting has run, and indexExisting runs only once per table.

describe('geofence spatial index upgrade', () => {
  it('lists geofences written before the index, once', async () => {
    const store = new DynamoGeofenceStore();
    const { root } = freshSpaces();
    const record = {
      id: 'old',
      type: 'circle',
      circle_center: { lat: 48.85, lon: 2.35 },
      circle_radius: 200,
      geojson: { type: 'Polygon', coordinates: [] },
      tags: [],
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    };
    await documentClient().send(
      new PutCommand({
        TableName: config.table('geofences'),
        Item: { pk: root, sk: 'old', created_sk: '001700000000000.000#old', rev: 'r1', rec: gzipSync(Buffer.from(JSON.stringify(record))) },
      }),
    );
    const paris = { lat: 48.8501, lon: 2.3501 };
    expect(await store.idsNear(root, [paris])).not.toContain('old');
    await documentClient().send(new DeleteCommand({ TableName: config.table('geofence-cells'), Key: { pk: '#migrated', sk: 'cover-v1' } }));
    expect(await store.indexExisting()).toBeGreaterThan(0);
    expect(await store.idsNear(root, [paris])).toContain('old');
    expect(await store.indexExisting()).toBe(0);
  });
});
