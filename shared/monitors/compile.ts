import type { CompiledFence } from '../geo';
import type { EngineContext, EngineMonitor } from './engine';
import { FenceIndex } from './fence-index';
import type { StoredMonitor } from './model';

// From stored monitors and compiled fences to the engine's context. The fences
// given are those that may matter to the points being evaluated (the evaluator
// loads only the watched fences the geofence index lists near them): a watched
// fence left out is outside every one of those points. Only fences known to be
// deleted (`gone`) are dropped from the monitors, so the engine forgets them
// without an exit (a monitor whose fences are all gone watches nothing).

export function engineMonitor(m: StoredMonitor, gone: ReadonlySet<string> = new Set()): EngineMonitor {
  const r = m.record;
  const out: EngineMonitor = {
    id: r.id,
    rev: m.rev,
    type: r.type,
    tags: r.tags,
    fences: new Set(r.geofence_ids.filter((id) => !gone.has(id))),
    dwellMs: r.dwell_time ?? 0,
  };
  const all = r.match_filter.include_all_of_attributes;
  const any = r.match_filter.include_any_of_attributes;
  if (all && Object.keys(all).length) out.allOf = Object.entries(all);
  if (any && Object.keys(any).length) out.anyOf = Object.entries(any);
  if (r.speeding_config) {
    out.speedLimit = r.speeding_config.customer_speed_limit;
    out.speedToleranceMs = r.speeding_config.time_tolerance;
    if (r.speeding_config.use_admin_speed_limit) out.adminSpeedLimit = true;
  }
  if (r.idle_config) {
    out.idleDistanceM = r.idle_config.distance_tolerance;
    out.idleToleranceMs = r.idle_config.time_tolerance;
  }
  return out;
}

/** `engineMonitors`: the monitors already reduced with no fence gone (reused while `gone` is empty). */
export function engineContext(
  monitors: readonly StoredMonitor[],
  fences: readonly CompiledFence[],
  gone: ReadonlySet<string> = new Set(),
  engineMonitors?: readonly EngineMonitor[],
): EngineContext {
  const used = new Set(monitors.flatMap((m) => m.record.geofence_ids));
  return {
    monitors: engineMonitors && gone.size === 0 ? engineMonitors : monitors.map((m) => engineMonitor(m, gone)),
    index: new FenceIndex(fences.filter((f) => used.has(f.id) && !gone.has(f.id))),
  };
}
