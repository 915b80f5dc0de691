// Monitors and events: the stored monitor, its read view and the event record.

/** `roaming` is Waymark's own (asset near asset, both moving): shared/monitors/README.md#roaming-geofences. */
export const MONITOR_TYPES = ['enter', 'exit', 'enter_and_exit', 'speeding', 'idle', 'roaming'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

export const GEOFENCE_TYPES: readonly MonitorType[] = ['enter', 'exit', 'enter_and_exit'];
export const isGeofenceType = (t: MonitorType): boolean => GEOFENCE_TYPES.includes(t);

export type EventType = 'enter' | 'exit' | 'speeding' | 'idle';

export interface MatchFilter {
  include_all_of_attributes?: Record<string, string>;
  include_any_of_attributes?: Record<string, string>;
}

export interface SpeedingConfig {
  /** m/s. */
  customer_speed_limit?: number;
  use_admin_speed_limit?: boolean;
  /** ms the speed must stay above the limit before the event. */
  time_tolerance: number;
}

export interface IdleConfig {
  /** metres. */
  distance_tolerance: number;
  /** ms. */
  time_tolerance: number;
}

/** Waymark extension: enter/exit when an asset matching match_filter comes within `radius` of one matching `target_filter`. */
export interface RoamingConfig {
  /** metres. */
  radius: number;
  /** Which assets the subjects come near: attributes as in match_filter, and/or tags the target must all carry. */
  target_filter: MatchFilter & { tags?: string[] };
}

export interface GeofenceConfig {
  geofence_ids: string[];
  /**
   * Waymark option beyond the public API (hysteresis): an enter or exit is only
   * confirmed once the asset has stayed on the new side of the boundary for at
   * least this many ms; a return before that cancels it (no event). 0 = off.
   */
  dwell_time?: number;
}

/** A monitor as stored (and, with `geofences` added, as read). Timestamps are Unix seconds. */
export interface MonitorRecord {
  id: string;
  type: MonitorType;
  name: string;
  description: string;
  tags: string[];
  meta_data?: Record<string, unknown>;
  match_filter: MatchFilter;
  /** Monitored geofence ids (all types may restrict to geofences; enter/exit types need them). */
  geofence_ids: string[];
  dwell_time?: number;
  speeding_config?: SpeedingConfig;
  idle_config?: IdleConfig;
  roaming_config?: RoamingConfig;
  created_at: number;
  updated_at: number;
}

export interface StoredMonitor {
  record: MonitorRecord;
  /** Changes on every write; updates are conditional on it, and evaluation state is reset per config revision. */
  rev: string;
  /**
   * Geofences this revision added that its writer has not yet confirmed as still there (a delete
   * of one may be under way), until `until` (unix ms): no other update may build on the revision
   * meanwhile. Absent once confirmed.
   */
  pending?: { ids: string[]; until: number };
}

/** The monitor in the read response (GET /monitor/{id}, list). */
export interface MonitorView {
  id: string;
  type: MonitorType;
  name: string;
  description: string;
  tags: string[];
  meta_data: Record<string, unknown>;
  match_filter: MatchFilter;
  /** Monitored geofence ids; null when none. */
  geofences: string[] | null;
  geofence_config?: GeofenceConfig;
  speeding_config?: SpeedingConfig;
  idle_config?: IdleConfig;
  roaming_config?: RoamingConfig;
  created_at: number;
  updated_at: number;
}

export function monitorView(r: MonitorRecord): MonitorView {
  const view: MonitorView = {
    id: r.id,
    type: r.type,
    name: r.name,
    description: r.description,
    tags: r.tags,
    meta_data: r.meta_data ?? {},
    match_filter: r.match_filter,
    geofences: r.geofence_ids.length ? r.geofence_ids : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (r.geofence_ids.length) view.geofence_config = { geofence_ids: r.geofence_ids, dwell_time: r.dwell_time ?? 0 };
  if (r.speeding_config) view.speeding_config = r.speeding_config;
  if (r.idle_config) view.idle_config = r.idle_config;
  if (r.roaming_config) view.roaming_config = r.roaming_config;
  return view;
}

/** A location inside an event record. */
export interface EventLocation {
  location: { lat: number; lon: number };
  timestamp: number;
  /** m/s: the uploaded speed, else the speed derived from the previous point, else null. */
  speed: number | null;
  /** As uploaded with the point, when it had them. */
  bearing?: number;
  meta_data?: Record<string, unknown>;
}

/** Event record, as the commercial API lists it. `timestamp`, `triggered_timestamp` are Unix ms. */
export interface EventRecord {
  asset_id: string;
  /** "" for speeding and idle. */
  geofence_id: string;
  monitor_id: string;
  monitor_tags: string[];
  event_type: EventType;
  /** Server time the event was generated. */
  timestamp: number;
  /** Timestamp of the location that triggered it. */
  triggered_timestamp: number;
  triggered_location: EventLocation;
  /** The location before the triggering one (null when there is none). */
  prev_location: EventLocation | null;
  extra: { speed_limit?: number; /** roaming: metres between the two at the triggering point. */ distance?: number };
  /** roaming: the asset the subject came near or left (geofence_id is then ""). */
  nearby_asset_id?: string;
}

/** Order of events triggered by the same point: exits before enters (then speeding, idle). */
export const EVENT_RANK: Record<EventType, number> = { exit: 0, enter: 1, speeding: 2, idle: 3 };

/**
 * Deterministic event id, also the sort key of the event history: triggered
 * time, then rank, then monitor and fence. The same logical event always has
 * the same id, so re-writing it is idempotent.
 */
export function eventId(
  e: Pick<EventRecord, 'triggered_timestamp' | 'event_type' | 'monitor_id' | 'geofence_id' | 'nearby_asset_id'>,
): string {
  // A roaming monitor watches no fences: its partner takes the fence's place (one monitor never has both).
  const what = e.nearby_asset_id !== undefined ? `@${e.nearby_asset_id}` : e.geofence_id;
  return `${String(e.triggered_timestamp).padStart(13, '0')}#${EVENT_RANK[e.event_type]}#${e.monitor_id}#${what}`;
}
