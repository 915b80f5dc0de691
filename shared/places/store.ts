import type { DataSource, PlaceItem } from '../geocoding';

// Port for custom-place persistence; the DynamoDB adapter is
// shared/places/dynamo-store.ts. `space` is the caller's
// (organisation, namespace): every method is confined to it.
//
// Every write also bumps the space's change counter (`version`) in the same
// transaction, so a reader that saw version N and still sees N knows that it
// holds every place of the space as of now.

export interface StoredPlace {
  docId: string;
  place: PlaceItem[];
  dataSource: DataSource;
  /** The caller's boost (the place's `score` on the wire); absent = 0. */
  score?: number;
  /** Changes on every write of this place. */
  rev: string;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
  /** Idempotency key of the create that made it (removed with the place). */
  idem?: string;
}

/** Optimistic guard on the space's change counter: the write fails when it moved. */
export interface WriteGuard {
  /** The counter value the decision (e.g. the near-duplicate check) was made on. */
  expectVersion?: number;
}

export type CreateOutcome =
  | { ok: true }
  /** Another create with the same idempotency key won; its docId. */
  | { ok: false; reason: 'idempotent'; docId: string }
  /** The space changed since `expectVersion`. */
  | { ok: false; reason: 'version' };

export type ReplaceOutcome = 'ok' | 'version' | 'changed' | 'gone';

export interface PlaceStore {
  /** The space's change counter; 0 when nothing was ever written. Strongly consistent. */
  version(space: string): Promise<number>;
  /** Every place of the space. Strongly consistent. */
  list(space: string): Promise<StoredPlace[]>;
  get(space: string, docId: string): Promise<StoredPlace | undefined>;
  /** docId a live idempotency record points to, if any. */
  findIdempotent(space: string, key: string, nowSeconds: number): Promise<string | undefined>;
  /** Writes a new place (and its idempotency record, valid until `idemExpiresAt`). */
  create(space: string, place: StoredPlace, guard: WriteGuard & { idemExpiresAt: number; nowSeconds: number }): Promise<CreateOutcome>;
  /** Replaces a place if it is still at revision `expectedRev` (and the guard holds). */
  replace(space: string, next: StoredPlace, expectedRev: string, guard: WriteGuard): Promise<ReplaceOutcome>;
  /** Deletes a place if it is still at revision `expectedRev`. */
  delete(space: string, current: StoredPlace): Promise<'ok' | 'changed' | 'gone'>;
}
