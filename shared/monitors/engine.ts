import { createHash } from 'node:crypto';
import { haversineMeters, type LatLon } from '../geo';
import type { FenceIndex } from './fence-index';
import { EVENT_RANK, type EventLocation, type EventRecord, type EventType, type MonitorType } from './model';

// The pure evaluation engine. No I/O: given the asset's stored
// evaluation state, the monitors that exist and a batch of points, it returns
// the next state and the events, deterministically. Storage (conditional
// writes) and webhooks are the caller's business (evaluate.ts).
//
// State machines, per (asset, monitor, fence) for geofence monitors and per
// (asset, monitor) for speeding and idle:
//
// - fence: confirmed side (inside / outside) plus an optional pending crossing.
//   A point on the other side starts a crossing; with dwell_time 0 it is
//   confirmed at once, otherwise once a point on the new side is at least
//   dwell_time ms after the first one (a point back on the confirmed side
//   cancels it: jitter across the boundary produces no events). The event
//   carries the first point on the new side as triggered_location and the last
//   point on the old side as prev_location.
// - speeding: an episode starts at the first point above the limit and ends at
//   the first point at or below it. One event per episode, at the first point
//   at least time_tolerance ms after the episode started (time_tolerance 0: the
//   first point above the limit). A point without speed uses the speed derived
//   from the previous point; when that is unknown too the episode is unchanged.
//   The limit is the monitor's customer limit, or with use_admin_speed_limit
//   the road's limit at the point (input.speedLimitAt) where one is known and
//   the customer limit elsewhere. A point with no limit at all (no tagged road,
//   no customer limit) ends an episode like a point at or below the limit: the
//   asset is not on a road we know to be limited, so it is not speeding there.
// - idle: an anchor point; later points within distance_tolerance of it extend
//   the stay, a point farther away becomes the new anchor. One event per stay,
//   at the first point at least time_tolerance ms after the anchor.
//
// Points are evaluated in timestamp order. A point not newer than the last
// evaluated point (a late point, a duplicate, a redelivered batch) is skipped,
// so replaying any batch produces no new event and leaves the state unchanged.
// A monitor with no state yet (new, changed, or newly matching the asset)
// starts from the last evaluated point without events: crossings are only
// detected between consecutive points both evaluated under that monitor.
//
// The state is rewritten on every upload, so it is kept small: a monitor whose
// state holds nothing (outside its fences, no episode, no stay) is not stored.
// Instead the state carries a digest of the (id, revision) pairs of the
// monitors it was built for; while the asset's monitors still hash to it, a
// monitor without stored state continues from that empty state. When the digest
// differs, such monitors start afresh from the last point, which gives the same
// result: an empty state means the last point was outside every one of its
// fences, exactly what a fresh start from it finds.
export interface TrackPoint {
  location: LatLon;
  timestamp: number;
  speed?: number;
  bearing?: number;
  meta_data?: Record<string, unknown>;
}

/** Compact point kept in the state. */
export interface PointRef {
  lat: number;
  lon: number;
  ts: number;
  /** Uploaded or derived speed (m/s), when known. */
  sp?: number;
  /** Uploaded bearing and meta_data, echoed in the event's locations. */
  b?: number;
  md?: Record<string, unknown>;
}

export interface FenceState {
  /** Confirmed side: 1 inside, 0 outside. */
  in: 0 | 1;
  /** Pending crossing: first point on the new side, last point on the old side. */
  p?: { t: PointRef; b: PointRef | null };
}

export interface MonitorState {
  /** Monitor revision the state was built for. */
  rev: string;
  /** Sparse: fences absent here are confirmed outside with nothing pending. */
  f?: Record<string, FenceState>;
  /** Speeding episode: its start and whether its event was emitted. */
  sp?: { s: PointRef; e: boolean };
  /** Idle stay: its anchor and whether its event was emitted. */
  id?: { a: PointRef; e: boolean };
}

export interface AssetState {
  /** Last evaluated point (the watermark: older points are never evaluated). */
  last?: PointRef;
  /** Per monitor id; monitors whose state is empty are left out (see `v`). */
  m: Record<string, MonitorState>;
  /** Digest of the monitors the state was built for: those missing from `m` have an empty state. */
  v?: string;
}

/** A monitor reduced to what evaluation needs. */
export interface EngineMonitor {
  id: string;
  rev: string;
  type: MonitorType;
  tags: string[];
  allOf?: Array<[string, string]>;
  anyOf?: Array<[string, string]>;
  /** Monitored fences that exist (compiled in the index). */
  fences: ReadonlySet<string>;
  dwellMs: number;
  /** Customer limit, m/s. */
  speedLimit?: number;
  /** use_admin_speed_limit: the road's limit (input.speedLimitAt) applies where known. */
  adminSpeedLimit?: boolean;
  speedToleranceMs?: number;
  idleDistanceM?: number;
  idleToleranceMs?: number;
}

export interface EngineContext {
  monitors: readonly EngineMonitor[];
  /** Every fence any monitor uses. */
  index: FenceIndex;
}

export interface EvaluationInput {
  assetId: string;
  attributes: Record<string, string>;
  state: AssetState;
  points: readonly TrackPoint[];
  /** Server time, ms (the events' `timestamp`). */
  now: number;
  /**
   * Road speed limit at a point, m/s; undefined where none is known. Only asked
   * for evaluated points under a use_admin_speed_limit monitor, once per point.
   */
  speedLimitAt?: (lat: number, lon: number) => number | undefined;
}

export interface EvaluationResult {
  state: AssetState;
  events: EventRecord[];
  /** Points actually evaluated (newer than the watermark). */
  evaluated: number;
}

export function emptyState(): AssetState {
  return { m: {} };
}

/** Digest of the monitors' ids and revisions (order does not matter). */
export function monitorsDigest(monitors: readonly Pick<EngineMonitor, 'id' | 'rev'>[]): string {
  const pairs = monitors.map((m) => `${m.id}\u0000${m.rev}`).sort();
  return createHash('sha256').update(pairs.join('\u0001')).digest('base64url').slice(0, 16);
}

const isEmpty = (ms: MonitorState): boolean => !ms.f && !ms.sp && !ms.id;

export function matchesFilter(m: Pick<EngineMonitor, 'allOf' | 'anyOf'>, attributes: Record<string, string>): boolean {
  if (m.allOf) for (const [k, v] of m.allOf) if (attributes[k] !== v) return false;
  if (m.anyOf && m.anyOf.length && !m.anyOf.some(([k, v]) => attributes[k] === v)) return false;
  return true;
}

const ref = (p: TrackPoint, speed: number | undefined): PointRef => {
  const r: PointRef = { lat: p.location.lat, lon: p.location.lon, ts: p.timestamp };
  if (speed !== undefined && Number.isFinite(speed)) r.sp = speed;
  if (p.bearing !== undefined) r.b = p.bearing;
  if (p.meta_data !== undefined) r.md = p.meta_data;
  return r;
};

const wire = (p: PointRef): EventLocation => ({
  location: { lat: p.lat, lon: p.lon },
  timestamp: p.ts,
  speed: p.sp ?? null,
  ...(p.b !== undefined ? { bearing: p.b } : {}),
  ...(p.md !== undefined ? { meta_data: p.md } : {}),
});

const emits = (type: MonitorType, event: 'enter' | 'exit'): boolean => type === 'enter_and_exit' || type === event;

class Run {
  readonly events: EventRecord[] = [];
  private pointEvents: EventRecord[] = [];

  constructor(
    private readonly input: EvaluationInput,
    private readonly state: AssetState,
  ) {}

  emit(
    m: EngineMonitor,
    type: EventType,
    fence: string,
    triggered: PointRef,
    prev: PointRef | null,
    extra: EventRecord['extra'] = {},
  ): void {
    this.pointEvents.push({
      asset_id: this.input.assetId,
      geofence_id: fence,
      monitor_id: m.id,
      monitor_tags: [...m.tags],
      event_type: type,
      timestamp: this.input.now,
      triggered_timestamp: triggered.ts,
      triggered_location: wire(triggered),
      prev_location: prev ? wire(prev) : null,
      extra,
    });
  }

  /** Events of one point: ordered by triggered time, then exits before enters (stable otherwise). */
  endPoint(): void {
    if (this.pointEvents.length > 1) {
      this.pointEvents.sort((a, b) => a.triggered_timestamp - b.triggered_timestamp || EVENT_RANK[a.event_type] - EVENT_RANK[b.event_type]);
    }
    this.events.push(...this.pointEvents);
    this.pointEvents = [];
  }

  get asset(): AssetState {
    return this.state;
  }
}

function fenceStep(run: Run, m: EngineMonitor, ms: MonitorState, fence: string, inNow: boolean, p: PointRef, prev: PointRef | null): void {
  const fences = (ms.f ??= {});
  const st: FenceState = fences[fence] ?? { in: 0 };
  const now: 0 | 1 = inNow ? 1 : 0;
  if (st.p) {
    if (now === st.in) {
      delete st.p; // back on the confirmed side before the dwell time: jitter, no event
    } else if (p.ts - st.p.t.ts >= m.dwellMs) {
      const kind = now ? 'enter' : 'exit';
      if (emits(m.type, kind)) run.emit(m, kind, fence, st.p.t, st.p.b);
      st.in = now;
      delete st.p;
    }
  } else if (now !== st.in) {
    if (m.dwellMs <= 0) {
      const kind = now ? 'enter' : 'exit';
      if (emits(m.type, kind)) run.emit(m, kind, fence, p, prev);
      st.in = now;
    } else {
      st.p = { t: p, b: prev };
    }
  }
  if (st.in || st.p) fences[fence] = st;
  else delete fences[fence];
}

/** Fresh state of a monitor, from `base` (the last evaluated point) and its containment; keeps the fence states of `old` that still apply. */
function initMonitor(m: EngineMonitor, old: MonitorState | undefined, baseInside: readonly string[] | null): MonitorState {
  const ms: MonitorState = { rev: m.rev };
  if (m.fences.size === 0) return ms;
  const f: Record<string, FenceState> = {};
  if (old?.f) for (const [id, st] of Object.entries(old.f)) if (m.fences.has(id)) f[id] = st;
  if (baseInside) for (const id of baseInside) if (m.fences.has(id) && !f[id]) f[id] = { in: 1 };
  if (Object.keys(f).length) ms.f = f;
  return ms;
}

/**
 * Evaluates `points` for one asset. Does not mutate `input.state`. Points not
 * newer than the state's watermark are skipped; the rest are taken in
 * timestamp order (one per timestamp).
 */
export function evaluate(ctx: EngineContext, input: EvaluationInput): EvaluationResult {
  const state: AssetState = structuredClone(input.state);
  state.m ??= {};
  const run = new Run(input, state);
  const active = ctx.monitors.filter((m) => matchesFilter(m, input.attributes));
  const activeIds = new Set(active.map((m) => m.id));
  // A monitor that no longer exists, or no longer matches the asset, loses its state.
  for (const id of Object.keys(state.m)) if (!activeIds.has(id)) delete state.m[id];
  const digest = monitorsDigest(active);
  if (state.v === digest) for (const m of active) state.m[m.id] ??= { rev: m.rev };

  const points = [...input.points].sort((a, b) => a.timestamp - b.timestamp);
  const needsFences = active.some((m) => m.fences.size > 0);
  let lastInside: string[] | null = null; // containment of state.last, when computed
  let evaluated = 0;

  for (const point of points) {
    const prev = state.last ?? null;
    if (prev && point.timestamp <= prev.ts) continue; // late, duplicate or replayed
    evaluated++;
    let speed = point.speed;
    if (speed === undefined && prev && point.timestamp > prev.ts) {
      speed = haversineMeters({ lat: prev.lat, lon: prev.lon }, point.location) / ((point.timestamp - prev.ts) / 1000);
    }
    const p = ref(point, speed);
    const inside = needsFences ? ctx.index.containing(point.location) : [];
    const insideSet = new Set(inside);
    let road: number | undefined | null = null; // null: not looked up yet
    const roadLimit = (): number | undefined => {
      if (road === null) {
        const v = input.speedLimitAt?.(point.location.lat, point.location.lon);
        road = v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
      }
      return road;
    };

    for (const m of active) {
      let ms = state.m[m.id];
      let fresh = false;
      if (!ms || ms.rev !== m.rev) {
        if (m.fences.size > 0 && prev && lastInside === null) lastInside = ctx.index.containing({ lat: prev.lat, lon: prev.lon });
        // Without a previous point the monitor starts from this one: no crossing yet.
        ms = state.m[m.id] = initMonitor(m, ms, prev ? lastInside : inside);
        fresh = !prev;
      }
      const inArea = m.fences.size === 0 || inside.some((id) => m.fences.has(id));

      if (m.type === 'enter' || m.type === 'exit' || m.type === 'enter_and_exit') {
        if (fresh) continue;
        // Fences with a state (inside or pending), then monitored fences the point is newly in.
        const known = ms.f ? Object.keys(ms.f) : [];
        for (const id of known) {
          if (m.fences.has(id)) fenceStep(run, m, ms, id, insideSet.has(id), p, prev);
          else delete ms.f![id]; // the geofence was deleted: forget it, no exit
        }
        for (const id of inside) if (m.fences.has(id) && !known.includes(id)) fenceStep(run, m, ms, id, true, p, prev);
        if (ms.f && Object.keys(ms.f).length === 0) delete ms.f;
      } else if (m.type === 'speeding') {
        const limit = (m.adminSpeedLimit ? roadLimit() : undefined) ?? m.speedLimit;
        if (!inArea || limit === undefined) delete ms.sp;
        else if (p.sp !== undefined) {
          if (p.sp > limit) {
            ms.sp ??= { s: p, e: false };
            if (!ms.sp.e && p.ts - ms.sp.s.ts >= (m.speedToleranceMs ?? 0)) {
              run.emit(m, 'speeding', '', p, prev, { speed_limit: limit });
              ms.sp.e = true;
            }
          } else delete ms.sp;
        }
      } else if (m.type === 'idle') {
        if (!inArea) delete ms.id;
        else if (!ms.id) ms.id = { a: p, e: false };
        else if (haversineMeters({ lat: ms.id.a.lat, lon: ms.id.a.lon }, point.location) <= (m.idleDistanceM ?? 0)) {
          if (!ms.id.e && p.ts - ms.id.a.ts >= (m.idleToleranceMs ?? 0)) {
            run.emit(m, 'idle', '', p, prev);
            ms.id.e = true;
          }
        } else ms.id = { a: p, e: false };
      }
    }
    run.endPoint();
    state.last = p;
    lastInside = inside;
  }
  if (evaluated > 0 || state.v === digest) {
    // Every active monitor now has a state at its revision: the empty ones go, the digest says so.
    for (const [id, ms] of Object.entries(state.m)) if (isEmpty(ms)) delete state.m[id];
    state.v = digest;
  }
  return { state: run.asset, events: run.events, evaluated };
}
