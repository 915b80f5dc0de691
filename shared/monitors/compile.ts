import type { CompiledFence } from '../geo';
import type { EngineContext, EngineMonitor } from './engine';
import { FenceIndex } from './fence-index';
import type { StoredMonitor } from './model';

// From stored monitors and the compiled fences they reference to the engine's
// context. Fences that no longer exist are left out (a monitor whose fences
// were all deleted watches nothing).

export function engineMonitor(m: StoredMonitor, existing: ReadonlySet<string>): EngineMonitor {
  const r = m.record;
  const out: EngineMonitor = {
    id: r.id,
    rev: m.rev,
    type: r.type,
    tags: r.tags,
    fences: new Set(r.geofence_ids.filter((id) => existing.has(id))),
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

export function engineContext(monitors: readonly StoredMonitor[], fences: readonly CompiledFence[]): EngineContext {
  const existing = new Set(fences.map((f) => f.id));
  const used = new Set(monitors.flatMap((m) => m.record.geofence_ids));
  return {
    monitors: monitors.map((m) => engineMonitor(m, existing)),
    index: new FenceIndex(fences.filter((f) => used.has(f.id))),
  };
}
