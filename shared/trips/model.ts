// A trip: an asset's journey from start to end, read from the asset's tracked history.
// Every time is Unix milliseconds, as the commercial API's trips have them.

export interface TripStop {
  geofence_id: string;
  name: string;
  meta_data: Record<string, unknown>;
}

export type TripState = 'active' | 'ended';

/** The trip item as stored (one per trip, in the caller's space). */
export interface StoredTrip {
  id: string;
  asset_id: string;
  name: string;
  description: string;
  attributes: Record<string, string>;
  meta_data: Record<string, unknown>;
  state: TripState;
  started_at: number;
  /** null while the trip is active. */
  ended_at: number | null;
  created_at: number;
  updated_at: number;
  stops: TripStop[];
  /** Incremented by every write; writes are conditional on it. */
  version: number;
  /** Where the asset incarnation the trip started on keeps its history (tracking's assetStorageKey). */
  asset_key?: string;
}

/** Points of the asset's history a trip answer carries at most (its earliest ones). */
export const MAX_ROUTE_POINTS = 20_000;

/** The trip as the API returns it: the stored fields and its route (the tracked points within its window). */
export function tripView<R>(trip: StoredTrip, route: R[]) {
  const { version: _version, asset_key: _key, ...fields } = trip;
  return { ...fields, route };
}
