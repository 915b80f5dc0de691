import { haversineMeters, type LatLon } from '../geo';
import { matchesAttributes, type AttributeFilter } from '../tracking/filters';
import { assetIdOfKey } from '../tracking/model';
import type { EventLocation, EventRecord } from './model';
import type { WebhookTarget } from './store';

// Roaming geofences: a monitor fires enter when an asset matching its filter comes within
// `radius` metres of an asset matching its target filter, and exit when they part; both move.
// A pair is evaluated when either of its assets uploads: the mover's neighbourhood is read once
// from the H3 position index (the widest radius of the monitors it takes part in), and compared
// with the partners the pair store remembers as near. Each pair changes state through one
// conditional write (`flip`), so of two concurrent uploads of a meeting pair exactly one fires.
// Cost and limits: shared/monitors/README.md#roaming-geofences.

export interface RoamingMonitor {
  id: string;
  tags: string[];
  /** metres */
  radius: number;
  /** Which assets the events are about (the monitor's match_filter). */
  subject: AttributeFilter;
  /** Which assets they are near. */
  target: AttributeFilter;
}

/** An asset as the position index holds it: its latest position and attributes. */
export interface RoamingAsset {
  id: string;
  attributes?: Record<string, string>;
  tags?: string[];
  at: LatLon;
  /** ms of the position */
  ts: number;
}

export interface RoamingEvent {
  monitor_id: string;
  monitor_tags: string[];
  event_type: 'enter' | 'exit';
  /** The subject asset. */
  asset_id: string;
  /** The target asset it came near or left. */
  nearby_asset_id: string;
  /** Distance between the two at the triggering position, metres. */
  distance: number;
  /** ms of the position that triggered it (the mover's). */
  triggered_timestamp: number;
  triggered_location: LatLon;
  /** Server time, ms. */
  timestamp: number;
}

/** Which assets are near which, per monitor; pairs are unordered. */
export interface RoamingPairStore {
  /**
   * The assets remembered as near `assetId` under each of these monitors, each with the subjects
   * its enter was about (so the exit is about the same ones, whatever has changed since).
   */
  partners(space: string, monitorIds: readonly string[], assetId: string): Promise<Map<string, Map<string, string[]>>>;
  /**
   * Marks the pair near (with the subjects of its enter) or apart (null) and stores `events` with
   * it, all or nothing; false when it already was (a concurrent upload of the other asset got there
   * first: nothing is stored).
   */
  flip(
    space: string,
    monitorId: string,
    a: string,
    b: string,
    subjects: string[] | null,
    events: readonly RoamingEvent[],
    /** Where the events' webhooks go: the store writes their outbox entries in the same commit. */
    webhook?: WebhookTarget,
  ): Promise<boolean>;
}

export interface RoamingDeps {
  pairs: RoamingPairStore;
  /** Active assets within `radius` metres of a point, from the position index (a superset is fine). */
  nearby(space: string, center: LatLon, radius: number): Promise<RoamingAsset[]>;
}

/** Whether the pair (a, b) is one the monitor watches, in either direction. */
function orientations(m: RoamingMonitor, a: RoamingAsset, b: RoamingAsset): Array<[RoamingAsset, RoamingAsset]> {
  const out: Array<[RoamingAsset, RoamingAsset]> = [];
  if (matchesAttributes(a, m.subject) && matchesAttributes(b, m.target)) out.push([a, b]);
  if (matchesAttributes(b, m.subject) && matchesAttributes(a, m.target)) out.push([b, a]);
  return out;
}

const takesPart = (m: RoamingMonitor, a: RoamingAsset) => matchesAttributes(a, m.subject) || matchesAttributes(a, m.target);

/**
 * Evaluates the roaming monitors after `mover` reached its latest position; returns the events.
 * A partner remembered as near but not found within the radius (moved away, inactive, deleted or
 * no longer matching) is left: exit.
 */
export async function evaluateRoaming(
  deps: RoamingDeps,
  space: string,
  monitors: readonly RoamingMonitor[],
  mover: RoamingAsset,
  now: number,
): Promise<RoamingEvent[]> {
  const mine = monitors.filter((m) => takesPart(m, mover));
  // Pairs of monitors the mover no longer takes part in are left through their remembered partners too.
  const remembered = await deps.pairs.partners(
    space,
    monitors.map((m) => m.id),
    mover.id,
  );
  const active = monitors.filter((m) => mine.includes(m) || (remembered.get(m.id)?.size ?? 0) > 0);
  // The index snapshot carries the attributes each neighbour had at its own latest upload.
  if (!active.length) return [];
  const widest = Math.max(...mine.map((m) => m.radius), 0);
  const around = widest > 0 ? await deps.nearby(space, mover.at, widest + 1) : [];
  const distance = new Map<string, number>();
  const byId = new Map<string, RoamingAsset>();
  for (const n of around) {
    if (n.id === mover.id) continue;
    byId.set(n.id, n);
    distance.set(n.id, haversineMeters(mover.at, n.at));
  }
  const events: RoamingEvent[] = [];
  const build = (m: RoamingMonitor, type: 'enter' | 'exit', otherId: string, subjects: readonly string[]): RoamingEvent[] =>
    subjects.map((subject) => ({
      monitor_id: m.id,
      monitor_tags: m.tags,
      event_type: type,
      asset_id: subject,
      nearby_asset_id: subject === mover.id ? otherId : mover.id,
      distance: Math.round((distance.get(otherId) ?? -1) * 100) / 100,
      triggered_timestamp: mover.ts,
      triggered_location: mover.at,
      timestamp: now,
    }));
  const change = async (m: RoamingMonitor, type: 'enter' | 'exit', otherId: string, subjects: string[]) => {
    const built = build(m, type, otherId, subjects);
    if (await deps.pairs.flip(space, m.id, mover.id, otherId, type === 'enter' ? subjects : null, built)) events.push(...built);
  };
  for (const m of active) {
    const before = remembered.get(m.id) ?? new Map<string, string[]>();
    const near = new Map<string, string[]>();
    if (mine.includes(m)) {
      for (const [id, d] of distance) {
        if (d > m.radius) continue;
        const subjects = orientations(m, mover, byId.get(id)!).map(([subject]) => subject.id);
        if (subjects.length) near.set(id, subjects);
      }
    }
    // Exits before enters, each in id order: one stable order for a given state.
    for (const [id, subjects] of [...before].sort(byKey)) {
      if (!near.has(id)) await change(m, 'exit', id, subjects);
    }
    for (const [id, subjects] of [...near].sort(byKey)) {
      if (!before.has(id)) await change(m, 'enter', id, subjects);
    }
  }
  return events;
}

const byKey = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The event record of a roaming event, as the event list and webhooks show it. The engine names
 * assets by storage key (an incarnation): the record names them by id; `key` is where it is stored.
 */
export function roamingEventRecord(e: RoamingEvent): { key: string; record: EventRecord } {
  const at: EventLocation = {
    location: { lat: e.triggered_location.lat, lon: e.triggered_location.lon },
    timestamp: e.triggered_timestamp,
    speed: null,
  };
  return {
    key: e.asset_id,
    record: {
      asset_id: assetIdOfKey(e.asset_id),
      geofence_id: '',
      monitor_id: e.monitor_id,
      monitor_tags: e.monitor_tags,
      event_type: e.event_type,
      timestamp: e.timestamp,
      triggered_timestamp: e.triggered_timestamp,
      triggered_location: at,
      prev_location: null,
      extra: { distance: e.distance },
      nearby_asset_id: assetIdOfKey(e.nearby_asset_id),
    },
  };
}
