import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/** Ids unique per kind; a shipment's delivery id equals its pickup id (seed 001 §2). */
export function checkIds(input: OptimizationRequest, req: OptimizationRequest, add: AddIssue): void {
  const unique = (kind: string, list: { field: string; id: number }[]) => {
    const seen = new Map<number, string>();
    for (const { field, id } of list) {
      const first = seen.get(id);
      if (first !== undefined) add(field, `duplicate ${kind} id ${id} (also ${first})`);
      else seen.set(id, field);
    }
  };
  unique(
    'vehicle',
    req.vehicles.map((v, i) => ({ field: `vehicles[${i}].id`, id: v.id })),
  );
  unique(
    'job',
    (req.jobs ?? []).map((j, i) => ({ field: `jobs[${i}].id`, id: j.id })),
  );
  unique(
    'shipment',
    (req.shipments ?? []).map((s, i) => ({ field: `shipments[${i}].pickup.id`, id: s.pickup.id })),
  );
  input.shipments?.forEach((s, i) => {
    if (s.delivery.id !== undefined && s.delivery.id !== s.pickup.id)
      add(`shipments[${i}].delivery.id`, `must equal shipments[${i}].pickup.id (${s.pickup.id}): a shipment's steps share one id`);
  });
  req.vehicles.forEach((v, i) =>
    unique(
      'break',
      (v.breaks ?? []).map((b, k) => ({ field: `vehicles[${i}].breaks[${k}].id`, id: b.id })),
    ),
  );
}
