import { idKey } from '../ids';
import type { Id, OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/** An id as a message shows it: strings quoted, so "7" and 7 can be told apart. */
export const showId = (id: Id): string => (typeof id === 'string' ? JSON.stringify(id) : String(id));

/**
 * Ids unique per kind: vehicles, jobs, shipment pickups, shipment deliveries (the seed's shared
 * id and the client's own delivery ids both pass), breaks of one vehicle, depots. "7" and 7 collide.
 * `req` has its delivery ids filled in.
 */
export function checkIds(req: OptimizationRequest, add: AddIssue): void {
  /** Reports the repeats; returns the positions in `list` that repeat an earlier id. */
  const unique = (kind: string, list: { field: string; id: Id }[]): Set<number> => {
    const seen = new Map<string, string>();
    const repeats = new Set<number>();
    list.forEach(({ field, id }, k) => {
      const first = seen.get(idKey(id));
      if (first === undefined) return void seen.set(idKey(id), field);
      add(field, `duplicate ${kind} id ${showId(id)} (also ${first})`);
      repeats.add(k);
    });
    return repeats;
  };
  const shipments = req.shipments ?? [];
  unique(
    'vehicle',
    req.vehicles.map((v, i) => ({ field: `vehicles[${i}].id`, id: v.id })),
  );
  unique(
    'job',
    (req.jobs ?? []).map((j, i) => ({ field: `jobs[${i}].id`, id: j.id })),
  );
  const pickupRepeats = unique(
    'shipment pickup',
    shipments.map((s, i) => ({ field: `shipments[${i}].pickup.id`, id: s.pickup.id })),
  );
  // A delivery sharing its pickup's repeated id (the seed's form) is the same mistake, said once.
  const deliveries = shipments
    .map((s, i) => ({ field: `shipments[${i}].delivery.id`, id: s.delivery.id ?? s.pickup.id, i }))
    .filter(({ id, i }) => !(pickupRepeats.has(i) && idKey(id) === idKey(shipments[i].pickup.id)));
  unique('shipment delivery', deliveries);
  req.vehicles.forEach((v, i) =>
    unique(
      'break',
      (v.breaks ?? []).map((b, k) => ({ field: `vehicles[${i}].breaks[${k}].id`, id: b.id })),
    ),
  );
  unique(
    'depot',
    (req.depots ?? []).map((d, i) => ({ field: `depots[${i}].id`, id: d.id })),
  );
}
