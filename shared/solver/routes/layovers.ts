// Working-time rules (vehicles[].layover_config): a driver drives (and, with include_service_time,
// works) at most max_continuous_time before a layover of layover_duration. The evaluation keeps
// one clock per route and asks it, at each stop before driving on, whether the next leg still
// fits; if not, the layover is taken there. Rules: docs/solver/design.md#working-time-layover_config.
import type { SolverVehicle } from '../types';

export interface LayoverModel {
  /** Most driving (plus work, with `withService`) between two rests. */
  max: number;
  /** The layover's length; any pause at least this long is a rest too. */
  duration: number;
  /** Setup and service at tasks, and loading at depots, count like driving. */
  withService: boolean;
}

/** The vehicle's rule, or null (the route evaluation then never looks at it). */
export function layoverOf(v: SolverVehicle): LayoverModel | null {
  const c = v.layover_config;
  if (!c || c.max_continuous_time === undefined) return null;
  return { max: c.max_continuous_time, duration: c.layover_duration ?? 0, withService: c.include_service_time === true };
}

/**
 * The running count since the last rest. A leg is: drive `travel`, be idle `idle` (waiting for a
 * window or an opening), then work `work`. The idle time rests the driver when it is at least a
 * layover long, so only the driving must fit into what is left of the count, and the work then
 * starts a fresh one.
 */
export class LayoverClock {
  count = 0;

  constructor(readonly rule: LayoverModel) {}

  /** A pause (a break with its wait, a long wait): a rest when long enough. */
  pause(length: number): void {
    if (length >= this.rule.duration) this.count = 0;
  }

  /** Work that counts (start loading, a reload) with include_service_time. */
  work(length: number): void {
    if (this.rule.withService) this.count += length;
  }

  /** Whether the leg ahead needs a layover here first, given the idle time it would have without one. */
  restFirst(travel: number, idle: number, work: number): boolean {
    const w = this.rule.withService ? work : 0;
    if (this.count + travel > this.rule.max) return true;
    if (idle >= this.rule.duration) return false;
    return this.count + travel + w > this.rule.max;
  }

  rest(): void {
    this.count = 0;
  }

  /** Drives the leg and works; false when the leg breaks the rule even right after a rest. */
  leg(travel: number, idle: number, work: number): boolean {
    this.count += travel;
    if (this.count > this.rule.max) return false;
    this.pause(idle);
    this.work(work);
    return this.count <= this.rule.max;
  }
}
