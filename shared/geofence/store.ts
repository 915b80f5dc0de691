import type { LatLon } from '../geo';
import type { GeofenceRecord, StoredGeofence } from './model';

// Port for geofence persistence; the DynamoDB adapter is
// shared/geofence/dynamo-store.ts. `space` is the caller's
// (organisation, namespace): every method is confined to it.
export interface GeofenceStore {
  get(space: string, id: string): Promise<StoredGeofence | undefined>;
  getMany(space: string, ids: readonly string[]): Promise<StoredGeofence[]>;
  /** Every geofence of the space, oldest first. */
  listAll(space: string): Promise<StoredGeofence[]>;
  /** The space's geofences oldest first, read page by page as the caller consumes them. */
  pages(space: string): AsyncIterable<StoredGeofence[]>;
  /** Ids of the space's geofences, oldest first, at most `limit` (reads ids only, no geometry). */
  listIds(space: string, limit: number): Promise<string[]>;
  /**
   * Ids of the geofences that may contain one of the points: never misses one that
   * does; may name more (far ones, deleted ones), which the exact test then rules out.
   */
  idsNear(space: string, points: readonly LatLon[]): Promise<Set<string>>;
  /**
   * The geofences listed under one cell of the spatial index (cover.ts pointCells), each with the
   * revision that listed it: every geofence whose shape meets the cell is among them (an id may
   * appear twice, at two revisions, while it is being reshaped).
   */
  listedIn(space: string, cell: string): Promise<ListedFence[]>;
  /**
   * The geofences at the listed revisions, each read from a key of its own (never the space's
   * partition). A revision no longer (or not yet) held there is answered with the geofence as
   * stored now; a deleted geofence is left out.
   */
  getListed(space: string, wanted: readonly ListedFence[]): Promise<StoredGeofence[]>;
  /**
   * Writes all or none. Throws DuplicateIdError when an id is taken.
   */
  create(space: string, geofences: readonly StoredGeofence[]): Promise<void>;
  /** Replaces a geofence if it is still at revision `expected.rev`; false when it changed or vanished. */
  replace(space: string, next: GeofenceRecord, expected: StoredGeofence): Promise<boolean>;
  /** Deletes all or none; returns the ids that do not exist (and then deletes nothing). */
  delete(space: string, ids: readonly string[]): Promise<string[]>;

  /**
   * Marks the geofences as being deleted under `claim.token` until `claim.untilMs`, all or none.
   * `missing`: ids that do not exist; `busy`: ids another claim still holds at `nowMs`. Either
   * non-empty: nothing was marked. A replace drops the mark (the delete then fails and is retried).
   */
  claimForDelete(space: string, ids: readonly string[], claim: DeleteClaim, nowMs: number): Promise<{ missing: string[]; busy: string[] }>;
  /** Deletes the geofences if `claim` still holds every one of them (and has not expired at `nowMs`); all or none. */
  deleteClaimed(space: string, ids: readonly string[], claim: DeleteClaim, nowMs: number): Promise<boolean>;
  /** Drops `claim` where it is still held. */
  releaseClaim(space: string, ids: readonly string[], claim: DeleteClaim): Promise<void>;
  /** Of `ids`, those that do not exist or are claimed for deletion at `nowMs` (strongly consistent). */
  unavailable(space: string, ids: readonly string[], nowMs: number): Promise<string[]>;
}

/** A geofence as the spatial index lists it. */
export interface ListedFence {
  id: string;
  rev: string;
}

/** A delete in progress: written first, so a monitor created meanwhile sees it and backs off. */
export interface DeleteClaim {
  token: string;
  /** Unix ms; a claim left behind by a crashed delete stops counting after this. */
  untilMs: number;
}

export class DuplicateIdError extends Error {
  constructor(readonly ids: string[]) {
    super(`ids already exist: ${ids.join(', ')}`);
  }
}
