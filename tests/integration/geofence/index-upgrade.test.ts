import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { tableProperties } from '../../../infra/cloudformation';
import { tableName, tables } from '../../../infra/declarations';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../infra/local/emulators';
import { provisionTables } from '../../../infra/local/provision';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DynamoGeofenceStore } from '../../../shared/geofence/dynamo-store';
import { config } from '../../../shared/platform/config';
import { documentClient } from '../../../shared/platform/dynamo';
import { freshSpaces } from '../../fixtures/contracts/support';

// A geofence stored before the spatial index existed (no cell items) is found
// by idsNear (and its record copied for monitors) once indexExisting has run, and indexExisting
// runs only once per table.

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
    await documentClient().send(new DeleteCommand({ TableName: config.table('geofence-cells'), Key: { pk: '#migrated', sk: 'cover-v2' } }));
    expect(await store.indexExisting()).toBeGreaterThan(0);
    expect(await store.idsNear(root, [paris])).toContain('old');
    // Its record is copied beside the index, where monitor evaluation reads it.
    const copy = await documentClient().send(
      new GetCommand({ TableName: config.table('geofence-cells'), Key: { pk: `${root}#shape#old`, sk: 'r1' } }),
    );
    expect(copy.Item).toBeDefined();
    expect((await store.getListed(root, [{ id: 'old', rev: 'r1' }])).map((g) => g.record.circle_radius)).toEqual([200]);
    expect(await store.indexExisting()).toBe(0);
  });

  it('npm start adds an index declared after a table was made', async () => {
    const stage = `up${randomUUID().slice(0, 8)}`;
    const endpoint = config.dynamoEndpoint()!;
    const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    const current = tables.find((t) => t.id === 'geofences')!;
    const old = { ...current, indexes: current.indexes!.filter((i) => i.name === 'byCreated') };
    await client.send(new CreateTableCommand(tableProperties(stage, old) as unknown as CreateTableCommandInput));
    await provisionTables(endpoint, stage);
    const described = await client.send(new DescribeTableCommand({ TableName: tableName(stage, 'geofences') }));
    expect(described.Table!.GlobalSecondaryIndexes!.map((i) => [i.IndexName, i.Projection?.ProjectionType]).sort()).toEqual([
      ['byCreated', 'ALL'],
      ['byCreatedIds', 'KEYS_ONLY'],
    ]);
    client.destroy();
    // Creates every declared table for a fresh stage: slow on a loaded machine, not a timing check.
  }, 180_000);
});
