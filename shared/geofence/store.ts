import type { GeofenceRecord, StoredGeofence } from './model';

// Port for geofence persistence; the DynamoDB adapter is
// shared/geofence/dynamo-store.ts. `space` is the caller's
// (organisation, namespace): every method is confined to it.
export interface GeofenceStore {
  get(space: string, id: string): Promise<StoredGeofence | undefined>;
  getMany(space: string, ids: readonly string[]): Promise<StoredGeofence[]>;
  /** Every geofence of the space, oldest first. */
  listAll(space: string): Promise<StoredGeofence[]>;
  /**
   * Writes all or none. Throws DuplicateIdError when an id is taken.
   */
  create(space: string, geofences: readonly StoredGeofence[]): Promise<void>;
  /** Replaces a geofence if it is still at revision `expected.rev`; false when it changed or vanished. */
  replace(space: string, next: GeofenceRecord, expected: StoredGeofence): Promise<boolean>;
  /** Deletes all or none; returns the ids that do not exist (and then deletes nothing). */
  delete(space: string, ids: readonly string[]): Promise<string[]>;
}

export class DuplicateIdError extends Error {
  constructor(readonly ids: string[]) {
    super(`ids already exist: ${ids.join(', ')}`);
  }
}
