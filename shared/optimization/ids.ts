// Client ids (integers or strings) by kind. The solver sees positions instead: vehicle i, job i,
// shipment i (both its steps), break k of its vehicle; results name the declared id again.
import type { Id, OptimizationRequest } from './schemas';

/** "7" and 7 are one id: lookups and uniqueness go by this text. */
export const idKey = (id: Id): string => String(id);

export type TaskStepType = 'job' | 'pickup' | 'delivery';

function positions(ids: (Id | undefined)[]): Map<string, number> {
  const out = new Map<string, number>();
  ids.forEach((id, i) => {
    // The first declaration wins; validation reports the duplicates.
    if (id !== undefined && !out.has(idKey(id))) out.set(idKey(id), i);
  });
  return out;
}

/** Where each declared id sits in a problem. Delivery ids default to their pickup's. */
export class ProblemIds {
  private readonly vehicles: Map<string, number>;
  private readonly tasks: Record<TaskStepType, Map<string, number>>;
  private readonly breaks: Map<string, number>[];

  constructor(req: Pick<OptimizationRequest, 'vehicles' | 'jobs' | 'shipments'>) {
    this.vehicles = positions(req.vehicles.map((v) => v.id));
    this.tasks = {
      job: positions((req.jobs ?? []).map((j) => j.id)),
      pickup: positions((req.shipments ?? []).map((s) => s.pickup.id)),
      delivery: positions((req.shipments ?? []).map((s) => s.delivery.id ?? s.pickup.id)),
    };
    this.breaks = req.vehicles.map((v) => positions((v.breaks ?? []).map((b) => b.id)));
  }

  vehicle(id: Id): number | undefined {
    return this.vehicles.get(idKey(id));
  }

  /** The job's position for a job step, the shipment's for a pickup or delivery step. */
  task(type: TaskStepType, id: Id): number | undefined {
    return this.tasks[type].get(idKey(id));
  }

  break(vehicle: number, id: Id): number | undefined {
    return this.breaks[vehicle]?.get(idKey(id));
  }
}
