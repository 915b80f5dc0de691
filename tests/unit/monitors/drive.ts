import { compileFence, type CompiledFence } from '../../../shared/geo';
import { engineContext } from '../../../shared/monitors/compile';
import { emptyState, evaluate, type AssetState, type EngineContext, type TrackPoint } from '../../../shared/monitors/engine';
import type { EventRecord, MonitorRecord, MonitorType, StoredMonitor } from '../../../shared/monitors/model';

// Scripted drives for the engine tests.

export const T0 = 1_763_000_000_000;

/** Axis-aligned square fence [west, east] x [south, north]. */
export function box(id: string, west: number, south: number, east: number, north: number): CompiledFence {
  return compileFence({
    id,
    type: 'polygon',
    geojson: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  });
}

export function monitor(id: string, type: MonitorType, extra: Partial<MonitorRecord> = {}, rev = 'r1'): StoredMonitor {
  return {
    rev,
    record: {
      id,
      type,
      name: id,
      description: '',
      tags: [`tag-${id}`],
      match_filter: {},
      geofence_ids: [],
      created_at: 0,
      updated_at: 0,
      ...extra,
    },
  };
}

export function pt(lat: number, lon: number, seconds: number, speed?: number): TrackPoint {
  const p: TrackPoint = { location: { lat, lon }, timestamp: T0 + seconds * 1000 };
  if (speed !== undefined) p.speed = speed;
  return p;
}

export class Drive {
  state: AssetState = emptyState();
  events: EventRecord[] = [];
  ctx: EngineContext;
  /** Road speed limit lookup (m/s) handed to the engine, as evaluate.ts does. */
  speedLimitAt?: (lat: number, lon: number) => number | undefined;

  constructor(
    monitors: StoredMonitor[],
    fences: CompiledFence[],
    public attributes: Record<string, string> = {},
    /** Fences known to be deleted (the evaluator found them gone). */
    gone: string[] = [],
  ) {
    this.ctx = engineContext(monitors, fences, new Set(gone));
  }

  /** Evaluates one batch; returns the new events. */
  feed(points: TrackPoint[]): EventRecord[] {
    const out = evaluate(this.ctx, {
      assetId: 'asset-1',
      attributes: this.attributes,
      state: this.state,
      points,
      now: T0 + 10_000_000,
      speedLimitAt: this.speedLimitAt,
    });
    this.state = out.state;
    this.events.push(...out.events);
    return out.events;
  }
}

/** Compact view: "<type>:<fence>@<seconds>". */
export const short = (events: EventRecord[]): string[] =>
  events.map((e) => `${e.event_type}:${e.monitor_id}${e.geofence_id ? `/${e.geofence_id}` : ''}@${(e.triggered_timestamp - T0) / 1000}`);
