// Which vehicle may serve which task: skills, zones, depots, item fit and pinning. The relation
// groups' check asks the same questions to name what closed every vehicle to a group.
import type { SolverRequest } from '../types';
import type { RelationModel } from './relations';
import { someStartAllows } from './depot-choice';
import { zonesMatch, type TaskRulesModel } from './task-rules';
import type { VehicleModel } from './vehicles';
import type { VolumeModel } from './volume';

/** Task x vehicle (row-major by task): 1 where the vehicle may serve the task. */
export function allowedVehicles(
  req: SolverRequest,
  skills: (number[] | undefined)[],
  rules: TaskRulesModel,
  volume: VolumeModel | null,
  vehicles: VehicleModel[],
  relations: RelationModel[],
): Uint8Array {
  const nTasks = skills.length;
  const allowed = new Uint8Array(nTasks * vehicles.length);
  const have = vehicleSkills(req);
  for (let i = 0; i < nTasks; i++) {
    const need = skills[i] ?? [];
    for (let k = 0; k < vehicles.length; k++)
      allowed[i * vehicles.length + k] =
        need.every((s) => have[k].has(s)) &&
        (!rules.hasZones || zonesMatch(rules.taskZones[i], rules.vehicleZones[k])) &&
        (!rules.hasDepotRule || someStartAllows(rules.depotLocations[i], vehicles[k])) &&
        (!volume || volume.fits[i * vehicles.length + k])
          ? 1
          : 0;
  }
  for (const r of relations) {
    if (r.type === 'pinned' && r.vehicle >= 0)
      for (const s of r.steps)
        if (s >= 0) for (let k = 0; k < vehicles.length; k++) if (k !== r.vehicle) allowed[s * vehicles.length + k] = 0;
  }
  return allowed;
}

export function vehicleSkills(req: SolverRequest): Set<number>[] {
  return req.vehicles.map((v) => new Set(v.skills ?? []));
}

/** What closes every vehicle to a relation group before capacity does: skills, zones or depots. */
export function groupBlocker(
  m: number[],
  skills: (number[] | undefined)[],
  have: Set<number>[],
  rules: TaskRulesModel,
  vehicles: VehicleModel[],
): string | null {
  let open = vehicles.filter((v) => m.every((t) => (skills[t] ?? []).every((s) => have[v.index].has(s))));
  if (open.length === 0) return 'the skills';
  open = open.filter((v) => m.every((t) => zonesMatch(rules.taskZones[t], rules.vehicleZones[v.index])));
  if (open.length === 0) return 'the skills and zones';
  open = open.filter((v) => m.every((t) => someStartAllows(rules.depotLocations[t], v)));
  if (open.length === 0) return 'the skills, zones and a start at one of the depots';
  return null;
}
