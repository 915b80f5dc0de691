import type { StoredTrip } from './model';

// What trips need from storage. The DynamoDB adapter is shared/trips/dynamo-store.ts; every
// method takes the caller's space, which the adapter puts into every partition key. An asset
// has at most one active trip: the store keeps that rule with each write.

export type CreateOutcome = 'ok' | 'exists' | 'asset-busy';
export type WriteOutcome = 'ok' | 'conflict';

export interface TripStore {
  get(space: string, id: string): Promise<StoredTrip | null>;
  /** 'exists': the id is taken; 'asset-busy': the asset already has an active trip. Nothing is written then. */
  create(space: string, trip: StoredTrip): Promise<CreateOutcome>;
  /** Writes `next` if the stored trip is still at `expectedVersion`; an active trip that ended releases its asset. */
  replace(space: string, next: StoredTrip, expectedVersion: number): Promise<WriteOutcome>;
  /** Deletes the trip if still at its version, releasing its asset when it was active. */
  delete(space: string, trip: StoredTrip): Promise<WriteOutcome>;
  /** The id of the asset's active trip, if any. */
  activeTripOf(space: string, assetId: string): Promise<string | null>;
}
