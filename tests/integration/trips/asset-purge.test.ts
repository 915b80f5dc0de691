import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as purgeHandler } from '../../../functions/tracking/purge';
import { spaceOf } from '../../../shared/auth/model';
import { DynamoTrackingStore } from '../../../shared/tracking/dynamo-store';
import { DynamoTripStore } from '../../../shared/trips/dynamo-store';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from '../tracking/api';
import { tripsApi } from './api';

// A deleted asset's active trip, through the handlers on DynamoDB Local and the real purge
// consumer: the trip ends when the deleted incarnation's purge runs (the queue delivers it a
// minute after the DELETE; here the test hands the consumer the message the DELETE queued), it
// keeps its record with an empty route, and a purge delivered again never ends a trip of the
// asset created again under the same id.

let space: string;
let tracking: TrackingApi;
let api: ReturnType<typeof tripsApi>;
const trackingStore = new DynamoTrackingStore();
const tripStore = new DynamoTripStore();

beforeAll(async () => {
  const { org, key } = await newOrgKey();
  space = spaceOf(org, null);
  tracking = trackingApi(key);
  api = tripsApi(key);
});

async function trackedAssetOnTrip(assetId: string, tripId: string): Promise<void> {
  expect((await tracking.create({ custom_id: assetId })).status).toBe(200);
  expect((await tracking.bind(assetId, `dev-${assetId}`)).status).toBe(200);
  expect((await api.start({ asset_id: assetId, custom_id: tripId })).status).toBe(200);
  const t0 = Date.now() + 1000;
  const locations = [0, 1, 2].map((i) => ({ location: { lat: 57.7 + i * 0.001, lon: 11.97 }, timestamp: t0 + i * 10_000 }));
  expect((await tracking.track(assetId, { device_id: `dev-${assetId}`, locations })).status).toBe(200);
  expect((await api.get(tripId)).body.data.trip.route).toHaveLength(3);
}

/** The purge message the DELETE queued for the asset's deleted incarnation, as SQS delivers it. */
async function purgeMessage(assetId: string, n: number): Promise<SQSEvent> {
  const tombstone = await trackingStore.findTombstone(space, assetId, Date.now());
  expect(tombstone, `tombstone of ${assetId}`).toBeDefined();
  return { Records: [{ messageId: `${assetId}-${n}`, body: JSON.stringify({ space, key: tombstone!.key }) }] } as unknown as SQSEvent;
}

describe('a trip whose asset is deleted', () => {
  it('ends when the purge runs, keeping its record with an empty route and no asset', async () => {
    await trackedAssetOnTrip('gone-1', 'trip-gone-1');
    expect((await tracking.remove('gone-1')).status).toBe(200);
    // before the purge: still active, its asset gone
    const before = (await api.get('trip-gone-1')).body.data.trip;
    expect(before).toMatchObject({ state: 'active', ended_at: null });

    const purgedAt = Date.now();
    expect(await purgeHandler(await purgeMessage('gone-1', 1))).toEqual({ batchItemFailures: [] });
    const after = await api.get('trip-gone-1');
    expect(after.status).toBe(200);
    expect(after.body.data.trip).toMatchObject({ id: 'trip-gone-1', asset_id: 'gone-1', state: 'ended', route: [] });
    expect(after.body.data.trip.ended_at).toBeGreaterThanOrEqual(purgedAt);
    expect(await tripStore.activeTripOf(space, 'gone-1')).toBeNull();
    const summary = (await api.summary('trip-gone-1')).body.data.trip;
    expect(summary.asset).toBeNull();
    expect(summary.distance).toBeUndefined();

    // the id, created again, starts a trip of its own; the purge delivered again leaves it running
    expect((await tracking.create({ custom_id: 'gone-1' })).status).toBe(200);
    const next = await api.start({ asset_id: 'gone-1', custom_id: 'trip-gone-1b' });
    expect(next.status).toBe(200);
    expect(await purgeHandler(await purgeMessage('gone-1', 2))).toEqual({ batchItemFailures: [] });
    expect((await api.get('trip-gone-1b')).body.data.trip.state).toBe('active');
    expect((await api.get('trip-gone-1')).body.data.trip.ended_at).toBe(after.body.data.trip.ended_at);
  });

  it('an asset created again before the purge runs can start a trip: the deleted incarnation trip ends then', async () => {
    await trackedAssetOnTrip('gone-2', 'trip-gone-2');
    expect((await tracking.remove('gone-2')).status).toBe(200);
    const message = await purgeMessage('gone-2', 1);
    expect((await tracking.create({ custom_id: 'gone-2' })).status).toBe(200);
    const next = await api.start({ asset_id: 'gone-2', custom_id: 'trip-gone-2b' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await api.get('trip-gone-2')).body.data.trip.state).toBe('ended');
    expect((await api.get('trip-gone-2b')).body.data.trip).toMatchObject({ state: 'active', route: [] });
    // the late purge of the deleted incarnation leaves the new trip running
    expect(await purgeHandler(message)).toEqual({ batchItemFailures: [] });
    expect((await api.get('trip-gone-2b')).body.data.trip.state).toBe('active');
    expect(await tripStore.activeTripOf(space, 'gone-2')).toBe('trip-gone-2b');
  });

  it('a trip already ended or deleted is left as it is by the purge', async () => {
    await trackedAssetOnTrip('gone-3', 'trip-gone-3');
    expect((await api.end('trip-gone-3')).status).toBe(200);
    const ended = (await api.get('trip-gone-3')).body.data.trip;
    await trackedAssetOnTrip('gone-4', 'trip-gone-4');
    expect((await api.remove('trip-gone-4')).status).toBe(200);
    for (const id of ['gone-3', 'gone-4']) expect((await tracking.remove(id)).status).toBe(200);
    for (const id of ['gone-3', 'gone-4']) expect(await purgeHandler(await purgeMessage(id, 1))).toEqual({ batchItemFailures: [] });
    const after = (await api.get('trip-gone-3')).body.data.trip;
    expect(after).toMatchObject({ state: 'ended', ended_at: ended.ended_at, updated_at: ended.updated_at, route: [] });
    expect((await api.get('trip-gone-4')).status).toBe(404);
  });
});
