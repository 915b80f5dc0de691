import { randomUUID } from 'node:crypto';
import { ApiError, conflict, invalid, notFound } from '../platform/errors';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import type { GeofenceStore } from '../geofence/store';
import type { StoredGeofence } from '../geofence/model';
import { assetStorageKey, assetView } from '../tracking/model';
import type { LocationRecord } from '../tracking/model';
import type { TrackingStore } from '../tracking/store';
import { MAX_ROUTE_POINTS, tripView, type StoredTrip, type TripStop } from './model';
import type { StartTripInput, UpdateTripInput } from './schemas';
import type { TripStore } from './store';
import { summarize } from './summary';

// Trips over live tracking: a trip names an asset and a time window; its route is the asset's
// tracked history within that window, read through the tracking store. Stops name geofences of
// the same space, read through the geofence store. An asset has at most one active trip.

/** A start retried with the same custom_id within this window returns the trip it created. */
const RETRY_WINDOW_MS = 10 * 60 * 1000;

export interface TripContext {
  store: TripStore;
  tracking: Pick<TrackingStore, 'getAsset' | 'readHistory'>;
  geofences: Pick<GeofenceStore, 'getMany'>;
  /** Unix milliseconds. */
  now: () => number;
}

const concurrent = (id: string) => conflict(`id: trip "${id}" is being changed concurrently; read it again and retry`);
const WRITE_RETRY = (id: string) => ({ retryable: isWriteConflict, attempts: 4, exhausted: () => concurrent(id) });
const tripNotFound = (id: string) => notFound(`id: no trip "${id}"`);

export class TripService {
  constructor(private readonly ctx: TripContext) {}

  private async require(space: string, id: string): Promise<StoredTrip> {
    const trip = await this.ctx.store.get(space, id);
    if (!trip) throw tripNotFound(id);
    return trip;
  }

  /** The stops as stored; every geofence_id must name a geofence of the space (404 naming the stop). */
  private async stops(space: string, input: StartTripInput['stops']): Promise<{ stops: TripStop[]; fences: StoredGeofence[] }> {
    const list = input ?? [];
    const ids = [...new Set(list.flatMap((s) => (s.geofence_id ? [s.geofence_id] : [])))];
    const fences = ids.length ? await this.ctx.geofences.getMany(space, ids) : [];
    const found = new Set(fences.map((g) => g.record.id));
    list.forEach((s, i) => {
      if (s.geofence_id && !found.has(s.geofence_id))
        throw new ApiError(404, `stops[${i}].geofence_id: no geofence "${s.geofence_id}"`, { field: `stops[${i}].geofence_id` });
    });
    return { stops: list.map((s) => ({ geofence_id: s.geofence_id ?? '', name: s.name ?? '', meta_data: s.meta_data ?? {} })), fences };
  }

  async start(space: string, input: StartTripInput): Promise<{ id: string }> {
    const asset = await this.ctx.tracking.getAsset(space, input.asset_id);
    if (!asset) throw new ApiError(404, `asset_id: no asset "${input.asset_id}"`, { field: 'asset_id' });
    const { stops } = await this.stops(space, input.stops);
    const now = this.ctx.now();
    const trip: StoredTrip = {
      id: input.custom_id ?? randomUUID(),
      asset_id: input.asset_id,
      name: input.name ?? '',
      description: input.description ?? '',
      attributes: input.attributes ?? {},
      meta_data: input.meta_data ?? {},
      state: 'active',
      started_at: now,
      ended_at: null,
      created_at: now,
      updated_at: now,
      stops,
      version: 1,
      asset_key: assetStorageKey(asset),
    };
    let outcome = await this.ctx.store.create(space, trip);
    // a trip of a deleted incarnation of this asset id whose purge has not run yet ends now
    if (outcome === 'asset-busy' && (await this.endActiveTripOf(space, trip.asset_id, (key) => key !== trip.asset_key)))
      outcome = await this.ctx.store.create(space, trip);
    if (outcome === 'ok') return { id: trip.id };
    if (outcome === 'exists') {
      const held = await this.ctx.store.get(space, trip.id);
      // the client's retry of a start that went through
      if (held && held.asset_id === trip.asset_id && held.state === 'active' && now - held.created_at <= RETRY_WINDOW_MS)
        return { id: held.id };
      throw conflict(`custom_id: a trip with id "${trip.id}" already exists`, 'custom_id');
    }
    const active = await this.ctx.store.activeTripOf(space, trip.asset_id);
    throw conflict(`asset_id: asset "${trip.asset_id}" already has an active trip "${active ?? '?'}"; end it first`, 'asset_id');
  }

  /** Ends an active trip now; ending an ended trip again changes nothing (a retried end succeeds). */
  async end(space: string, id: string): Promise<void> {
    await retry(async () => {
      const trip = await this.require(space, id);
      if (trip.state === 'ended') return;
      const now = this.ctx.now();
      const next: StoredTrip = { ...trip, state: 'ended', ended_at: now, updated_at: now, version: trip.version + 1 };
      if ((await this.ctx.store.replace(space, next, trip.version)) !== 'ok') throw new WriteConflict();
    }, WRITE_RETRY(id));
  }

  /**
   * Ends the asset id's active trip if it was started on an incarnation `ofIncarnation` accepts
   * (by its storage key), and says whether it did. A deleted incarnation's trip ends; a trip of
   * the asset created again under the same id is not that incarnation's.
   */
  async endActiveTripOf(space: string, assetId: string, ofIncarnation: (assetKey: string) => boolean): Promise<boolean> {
    const id = await this.ctx.store.activeTripOf(space, assetId);
    const trip = id ? await this.ctx.store.get(space, id) : null;
    // a trip started before incarnations existed ran on the asset's bare id
    if (!trip || trip.state !== 'active' || !ofIncarnation(trip.asset_key ?? trip.asset_id)) return false;
    await this.end(space, trip.id);
    return true;
  }

  async update(space: string, id: string, input: UpdateTripInput): Promise<void> {
    const stops = input.stops === undefined ? undefined : (await this.stops(space, input.stops)).stops;
    await retry(async () => {
      const trip = await this.require(space, id);
      if (input.asset_id !== trip.asset_id)
        throw invalid('asset_id', `must be the trip's asset "${trip.asset_id}" (a trip's asset cannot change)`);
      const next: StoredTrip = {
        ...trip,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        ...(input.meta_data !== undefined ? { meta_data: input.meta_data } : {}),
        ...(stops !== undefined ? { stops } : {}),
        updated_at: this.ctx.now(),
        version: trip.version + 1,
      };
      if ((await this.ctx.store.replace(space, next, trip.version)) !== 'ok') throw new WriteConflict();
    }, WRITE_RETRY(id));
  }

  async delete(space: string, id: string): Promise<void> {
    await retry(async () => {
      const trip = await this.require(space, id);
      if ((await this.ctx.store.delete(space, trip)) !== 'ok') throw new WriteConflict();
    }, WRITE_RETRY(id));
  }

  /** The asset's tracked points from the trip's start to its end (while active, every later point), at most MAX_ROUTE_POINTS. */
  private async route(space: string, trip: StoredTrip): Promise<LocationRecord[]> {
    const key = trip.asset_key ?? trip.asset_id;
    const points = await this.ctx.tracking.readHistory(space, key, trip.started_at, trip.ended_at ?? Number.MAX_SAFE_INTEGER);
    return points.length > MAX_ROUTE_POINTS ? points.slice(0, MAX_ROUTE_POINTS) : points;
  }

  async get(space: string, id: string) {
    const trip = await this.require(space, id);
    return tripView(trip, await this.route(space, trip));
  }

  /** The trip with its asset, and from its route: distance, duration, geometry (map-matched where a network covers it) and stop visits. */
  async summary(space: string, id: string) {
    const trip = await this.require(space, id);
    const [route, asset] = await Promise.all([this.route(space, trip), this.ctx.tracking.getAsset(space, trip.asset_id)]);
    const ids = [...new Set(trip.stops.map((s) => s.geofence_id).filter(Boolean))];
    const fences = ids.length ? await this.ctx.geofences.getMany(space, ids) : [];
    return {
      ...tripView(trip, route),
      asset: asset ? assetView(asset, this.ctx.now()) : null,
      ...summarize(space, trip.stops, route, fences),
    };
  }
}
